/**
 * Accounts end to end through the gateway (`make up`): the mailed code, the session cookie that
 * the gateway turns into an identity, admin rights from ADMIN_EMAILS, revocation on logout, and
 * no code or session id in any log line.
 * Run: node --import tsx --test infra/e2e/accounts.e2e.ts
 *   KINORA_URL (http://localhost:8080), MAILDEV_URL (http://127.0.0.1:1080),
 *   E2E_ADMIN_EMAIL (an address listed in the platform's ADMIN_EMAILS).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { LOG_DIR } from '../local/config';
import { ADMIN, GATEWAY, signIn as signInWithCode } from './support';

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@e2e.kinora.test`;
const secrets: string[] = [];

async function signIn(email: string): Promise<{ cookie: string; user: { id: string; isAdmin: boolean } }> {
  const { cookie, code, user } = await signInWithCode(email);
  // The session's secret token, then the claims the gateway checks and their signature.
  assert.match(
    cookie,
    /^kinora_session=[A-Za-z0-9_-]{43}\.[0-9a-f-]{36}\.[a-z+-]+\.\d+\.\d+\.[A-Za-z0-9_-]{43}$/,
  );
  secrets.push(code, cookie.split('=')[1]!);
  return { cookie, user };
}

const get = (path: string, cookie?: string) =>
  fetch(`${GATEWAY}${path}`, { headers: cookie ? { cookie } : {} });

test('the session cookie is the identity the gateway passes on; logout revokes it', async () => {
  const { cookie, user } = await signIn(unique('member'));
  const me = await get('/api/auth/user', cookie);
  assert.equal(me.status, 200);
  assert.equal(((await me.json()) as { id: string }).id, user.id);
  assert.equal(user.isAdmin, false);
  // A member is not an admin, whatever headers the client adds.
  const stats = await fetch(`${GATEWAY}/api/admin/stats`, { headers: { cookie, 'x-user-roles': 'admin' } });
  assert.equal(stats.status, 403);

  const out = await fetch(`${GATEWAY}/api/auth/logout`, { method: 'POST', headers: { cookie } });
  assert.equal(out.status, 204);
  // Refused everywhere within a second of the logout (docs/accounts.md).
  const loggedOut = Date.now();
  while ((await get('/api/auth/user', cookie)).status !== 401) {
    assert.ok(Date.now() - loggedOut < 1_000, 'the old cookie still authenticates a second after logout');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

test('an ADMIN_EMAILS address signs in as an admin and reaches admin-only calls', async () => {
  const { cookie, user } = await signIn(ADMIN);
  assert.equal(user.isAdmin, true);
  const stats = await get('/api/admin/stats', cookie);
  assert.equal(stats.status, 200);
  assert.equal(typeof ((await stats.json()) as { pendingReviews: number }).pendingReviews, 'number');
});

test('no sign-in code or session id appears in any log line', async () => {
  assert.ok(secrets.length >= 4, 'the sign-ins above ran');
  // Logs are flushed by the buffered nginx access log within a second.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const pattern = new RegExp(`(^|[^0-9A-Za-z_-])(${secrets.join('|')})($|[^0-9A-Za-z_-])`);
  for (const file of readdirSync(LOG_DIR).filter((name) => name.endsWith('.log'))) {
    // Line by line: logs of a long-lived platform can outgrow one string.
    const lines = createInterface({ input: createReadStream(join(LOG_DIR, file)), crlfDelay: Infinity });
    for await (const line of lines) {
      assert.ok(!pattern.test(line), `${file} contains a secret: ${line.slice(0, 200)}`);
    }
  }
});
