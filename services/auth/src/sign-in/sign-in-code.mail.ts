import type { Mail } from '@kinora/common';

/** The mail that carries a sign-in code. */
export function signInCodeMail(to: string, code: string, ttlMinutes: number): Mail {
  const notice = `It expires in ${ttlMinutes} minutes and works once. If you did not ask for it, ignore this email.`;
  return {
    to,
    subject: 'Your Kinora sign-in code',
    text: [`Your Kinora sign-in code is ${code}.`, '', notice].join('\n'),
    html: `<div style="font-family:system-ui,sans-serif;max-width:480px">
  <h1 style="font-size:20px">Sign in to Kinora</h1>
  <p>Your sign-in code:</p>
  <p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p>
  <p style="color:#666">${notice}</p>
</div>`,
  };
}
