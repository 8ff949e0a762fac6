/**
 * What the infra e2e tests share: the gateway's and maildev's addresses and signing in through the
 * API with the mailed code.
 */
import assert from 'node:assert/strict';

export const GATEWAY = (process.env.KINORA_URL ?? 'http://localhost:8080').replace(/\/$/, '');
export const MAILDEV = (process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080').replace(/\/$/, '');
/** An address listed in the platform's ADMIN_EMAILS. */
export const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.kinora.test';

interface Mail {
  id: string;
  text: string;
  to: { address: string }[];
}

async function mailsTo(address: string): Promise<Mail[]> {
  const all = (await (await fetch(`${MAILDEV}/email`)).json()) as Mail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Signs `email` in with the code mailed to it: the session cookie, the user, and the code used. */
export async function signIn(
  email: string,
): Promise<{ cookie: string; code: string; user: { id: string; isAdmin: boolean } }> {
  const seen = new Set((await mailsTo(email)).map((mail) => mail.id));
  const sent = await fetch(`${GATEWAY}/api/auth/send-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  assert.equal(sent.status, 200, await sent.clone().text());
  let mail: Mail | undefined;
  for (let i = 0; i < 100 && !mail; i++) {
    mail = (await mailsTo(email)).find((candidate) => !seen.has(candidate.id));
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(mail, `no code mailed to ${email}`);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const verified = await fetch(`${GATEWAY}/api/auth/verify-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  assert.equal(verified.status, 200, await verified.clone().text());
  const cookie = (verified.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { cookie, code, user: (await verified.json()) as { id: string; isAdmin: boolean } };
}
