import type { Mail } from '@kinora/common';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The mail that tells a member their account was suspended, and why. */
export function suspendedMail(to: string, reason: string): Mail {
  const lines = [
    'Your Kinora account has been suspended, and you have been signed out everywhere.',
    `Reason: ${reason}`,
    'If you think this is a mistake, reply to this email and an admin will look at it again.',
  ];
  return {
    to,
    subject: 'Your Kinora account is suspended',
    text: lines.join('\n\n'),
    html: `<div style="font-family:system-ui,sans-serif;max-width:480px">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`,
  };
}

/** The mail that tells a member their account works again. */
export function reinstatedMail(to: string): Mail {
  const text = 'Your Kinora account is no longer suspended: you can sign in again.';
  return {
    to,
    subject: 'Your Kinora account works again',
    text,
    html: `<div style="font-family:system-ui,sans-serif;max-width:480px"><p>${text}</p></div>`,
  };
}
