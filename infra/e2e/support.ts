/**
 * What the infra e2e tests share: the gateway's and maildev's addresses, signing in through the
 * API with the mailed code, and a test clip to upload.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const GATEWAY = (process.env.KINORA_URL ?? 'http://localhost:8080').replace(/\/$/, '');
export const MAILDEV = (process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080').replace(/\/$/, '');
/** An address listed in the platform's ADMIN_EMAILS. */
export const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.kinora.test';

/** A mail as maildev's REST API gives it (the parts the tests read). */
export interface Mail {
  id: string;
  subject?: string;
  text: string;
  html?: string;
  /** To the second. */
  date?: string;
  to: { address: string }[];
}

/** The mails maildev caught for this address. */
export async function mailsTo(address: string): Promise<Mail[]> {
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

/**
 * The admin's session, signed in once and shared by every e2e test of a run: an address may ask
 * for 5 codes an hour (docs/accounts.md), fewer than the tests that act as the admin. Kept in a
 * file per gateway and address; a kept cookie that no longer makes an admin (a new platform, a
 * logout) is replaced by a fresh sign-in.
 */
export async function adminSession(email = ADMIN): Promise<{ cookie: string; user: { id: string } }> {
  const key = createHash('sha256').update(`${GATEWAY} ${email.toLowerCase()}`).digest('hex').slice(0, 16);
  const file = join(tmpdir(), 'kinora-e2e', `admin-${key}.json`);
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { cookie: string; user: { id: string } };
    const me = await fetch(`${GATEWAY}/api/auth/user`, { headers: { cookie: kept.cookie } });
    if (me.ok && ((await me.json()) as { isAdmin?: boolean }).isAdmin === true) return kept;
  } catch {
    // none kept yet, or unreadable: sign in
  }
  const { cookie, user } = await signIn(email);
  assert.equal(user.isAdmin, true, `${email} is not in the platform's ADMIN_EMAILS`);
  mkdirSync(join(tmpdir(), 'kinora-e2e'), { recursive: true });
  writeFileSync(file, JSON.stringify({ cookie, user }), { mode: 0o600 });
  return { cookie, user };
}

/** A short 640x360 test-card clip with a tone, made by ffmpeg at `path` (for uploads). */
export function makeTestClip(path: string, seconds: number): string {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=660:duration=${seconds}`],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-y',
      path,
    ],
  ]);
  return path;
}
