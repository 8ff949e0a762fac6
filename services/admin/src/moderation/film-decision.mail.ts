import { escapeHtml, type Mail } from '@kinora/common';

/** The creator's mail when a moderator approved their film. */
export function filmApprovedMail(to: string, title: string, link: string): Mail {
  return {
    to,
    subject: `Your film "${title}" is live on Kinora`,
    text: [`Good news: "${title}" passed review and is now published on Kinora.`, '', `See it: ${link}`].join(
      '\n',
    ),
    html: `<div style="font-family:system-ui,sans-serif;max-width:480px">
  <h1 style="font-size:20px">Your film is live</h1>
  <p>Good news: <strong>${escapeHtml(title)}</strong> passed review and is now published on Kinora.</p>
  <p><a href="${escapeHtml(link)}" style="font-weight:700">See it on Kinora</a></p>
</div>`,
  };
}

/**
 * The creator's mail when a moderator rejected their film, with the moderator's reason (or, when
 * none was given, where the rules are).
 */
export function filmRejectedMail(
  to: string,
  title: string,
  reason: string,
  dashboard: string,
  guidelines: string,
): Mail {
  const why = reason ? `Reason: ${reason}` : `No reason was given; the creator guidelines: ${guidelines}`;
  const whyHtml = reason
    ? `<strong>Reason:</strong> ${escapeHtml(reason)}`
    : `No reason was given; see the <a href="${escapeHtml(guidelines)}">creator guidelines</a>.`;
  return {
    to,
    subject: `Your film "${title}" was not approved`,
    text: [
      `"${title}" was reviewed and not approved for Kinora.`,
      '',
      why,
      '',
      `Your films: ${dashboard}`,
    ].join('\n'),
    html: `<div style="font-family:system-ui,sans-serif;max-width:480px">
  <h1 style="font-size:20px">Your film was not approved</h1>
  <p><strong>${escapeHtml(title)}</strong> was reviewed and not approved for Kinora.</p>
  <p>${whyHtml}</p>
  <p><a href="${escapeHtml(dashboard)}">Your films</a></p>
</div>`,
  };
}
