import { escapeHtml, type Mail } from '@kinora/common';

/** The mail that carries a critic invitation link. */
export function criticInvitationMail(to: string, link: string, ttlDays: number): Mail {
  const notice = `The link works once and expires in ${ttlDays} days. If you did not expect it, ignore this email.`;
  return {
    to,
    subject: 'You are invited to review films on Kinora',
    text: [
      'You have been invited to join Kinora as a film critic.',
      '',
      `Create your critic profile: ${link}`,
      '',
      notice,
    ].join('\n'),
    html: `<div style="font-family:system-ui,sans-serif;max-width:480px">
  <h1 style="font-size:20px">Join Kinora as a critic</h1>
  <p>You have been invited to review films on Kinora.</p>
  <p><a href="${escapeHtml(link)}" style="font-weight:700">Create your critic profile</a></p>
  <p style="color:#666">${notice}</p>
</div>`,
  };
}
