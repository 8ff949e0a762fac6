import type { Mail } from '@kinora/common';

/** The goodbye sent to the address of an account just deleted. */
export function accountDeletedMail(to: string): Mail {
  const lines = [
    'Your Kinora account has been deleted, as you asked, and you have been signed out everywhere.',
    'Your reviews, lists, likes, follows, notifications and viewing history are gone or no longer linked to you.',
    'You are welcome back any time: signing in with this address again starts a new, empty account.',
  ];
  return {
    to,
    subject: 'Your Kinora account is deleted',
    text: lines.join('\n\n'),
    html: `<div style="font-family:system-ui,sans-serif;max-width:480px">${lines.map((line) => `<p>${line}</p>`).join('')}</div>`,
  };
}
