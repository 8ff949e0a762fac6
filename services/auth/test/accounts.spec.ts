/// <reference types="jest" />
/**
 * Admins manage accounts through the gateway: find them by email or name, suspend one (no
 * sign-in, every session refused within a second on every gateway, a mail saying why), lift it,
 * grant and take away roles; each change on the audit log (the outbox), none for visitors or
 * members.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { suffix } from '@kinora/common/testing';
import { AdminActionTakenSchema, topicOf } from '@kinora/proto';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import type { AccountDto } from '../src/accounts/dto/account.dto';
import { verifySession } from '../src/sessions/session-token';
import {
  callVia,
  currentUser,
  refusedEverywhere,
  requestCode,
  setUpAuthBehindGateways,
  signIn as signInVia,
  type TestGateway,
} from './gateways-harness';

const env = setUpAuthBehindGateways('auth_accounts', 2, 10);
const { gateways } = env;
const signIn = (via: TestGateway, email?: string) => signInVia(via, env.mail, email);

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callVia(gateways[0]!, method, path, cookie, body);

/** The audit log entries auth wrote about the user (its outbox), oldest first. */
async function auditActions(targetId: string): Promise<string[]> {
  const client = new Client({ connectionString: env.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ payload: Buffer }>(
      `select payload from outbox where topic = $1 and key = $2 order by position`,
      [topicOf(AdminActionTakenSchema), `user:${targetId}`],
    );
    return rows.map((row) => fromBinary(AdminActionTakenSchema, row.payload).action);
  } finally {
    await client.end();
  }
}

test('an admin finds a member by email or name, with roles, sessions and when they were last seen', async () => {
  const admin = await signIn(gateways[1]!, env.admin);
  const email = `findable-${suffix()}@example.com`;
  const member = await signIn(gateways[0]!, email);
  await signIn(gateways[1]!, email);
  const found = await call(
    'GET',
    `/api/auth/users?q=${encodeURIComponent(email.toUpperCase())}`,
    admin.cookie,
  );
  expect(found.status).toBe(200);
  const [account, ...others] = (await found.json()) as AccountDto[];
  expect(others).toStrictEqual([]);
  expect(account).toMatchObject({
    id: member.userId,
    email,
    isAdmin: false,
    roles: [],
    creatorId: null,
    openSessions: 2,
    suspendedAt: null,
  });
  expect(Date.now() - Date.parse(account!.lastSeenAt!)).toBeLessThan(60_000);
  // A pattern's own characters are taken literally.
  expect(await (await call('GET', '/api/auth/users?q=%25%25', admin.cookie)).json()).toStrictEqual([]);
  expect((await call('GET', '/api/auth/users?limit=0', admin.cookie)).status).toBe(400);
  expect((await call('GET', '/api/auth/users')).status).toBe(401);
  expect((await call('GET', '/api/auth/users', member.cookie)).status).toBe(403);
});

test('a suspended member is refused everywhere within a second, told why at sign-in, mailed; reinstated, signs in again', async () => {
  const admin = await signIn(gateways[1]!, env.admin);
  const email = `suspended-${suffix()}@example.com`;
  const member = await signIn(gateways[0]!, email);
  const path = `/api/auth/users/${member.userId}/suspension`;

  expect((await call('POST', path, member.cookie, { reason: 'x' })).status).toBe(403);
  const blank = await call('POST', path, admin.cookie, { reason: '  ' });
  expect([blank.status, ((await blank.json()) as { message: string }).message]).toStrictEqual([
    400,
    'reason is required',
  ]);
  expect(
    (await call('POST', `/api/auth/users/${randomUUID()}/suspension`, admin.cookie, { reason: 'x' })).status,
  ).toBe(404);
  expect((await call('POST', `/api/auth/users/nope/suspension`, admin.cookie, { reason: 'x' })).status).toBe(
    400,
  );

  const suspended = await call('POST', path, admin.cookie, { reason: 'Spam in reviews' });
  const started = Date.now();
  expect(suspended.status).toBe(200);
  expect(await suspended.json()).toMatchObject({ suspensionReason: 'Spam in reviews', openSessions: 0 });
  expect(await refusedEverywhere(gateways, member.cookie, started)).toBeLessThan(1_000);

  const code = await requestCode(gateways[0]!, env.mail, email);
  const refused = await call('POST', '/api/auth/verify-code', undefined, { email, code });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'This account is suspended: Spam in reviews. If you think this is a mistake, reply to the email that told you of it.',
  );
  expect((await env.mail.messagesTo(email)).map((message) => message.subject)).toContain(
    'Your Kinora account is suspended',
  );
  // Again: nothing changes, nothing is logged twice.
  expect((await call('POST', path, admin.cookie, { reason: 'Again' })).status).toBe(200);

  const lifted = await call('DELETE', path, admin.cookie);
  expect(lifted.status).toBe(200);
  expect(await lifted.json()).toMatchObject({ suspendedAt: null, suspensionReason: null });
  const again = await signIn(gateways[1]!, email);
  expect((await currentUser(gateways[0]!, again.cookie)).status).toBe(200);
  expect(await auditActions(member.userId)).toStrictEqual(['user.suspended', 'user.unsuspended']);
});

test('an admin is not suspended here: admins are set by ADMIN_EMAILS', async () => {
  const admin = await signIn(gateways[1]!, env.admin);
  const response = await call('POST', `/api/auth/users/${admin.userId}/suspension`, admin.cookie, {
    reason: 'x',
  });
  expect(response.status).toBe(409);
  expect(((await response.json()) as { message: string }).message).toMatch(/ADMIN_EMAILS/);
});

test('an admin grants and takes away the critic role: the member’s next cookie carries it', async () => {
  const admin = await signIn(gateways[1]!, env.admin);
  const member = await signIn(gateways[0]!);
  const path = `/api/auth/users/${member.userId}/roles`;
  expect((await call('PUT', `${path}/admin`, admin.cookie)).status).toBe(400);
  expect((await call('PUT', `${path}/critic`, member.cookie)).status).toBe(403);
  const granted = await call('PUT', `${path}/critic`, admin.cookie);
  expect([granted.status, ((await granted.json()) as AccountDto).roles]).toStrictEqual([200, ['critic']]);
  const renewed = await (async () => {
    for (let i = 0; i < 100; i++) {
      const { renewed } = await currentUser(gateways[0]!, member.cookie);
      if (renewed) return renewed;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no renewed cookie');
  })();
  expect(verifySession(renewed, [env.key])!.roles).toStrictEqual(['critic']);
  const revoked = await call('DELETE', `${path}/critic`, admin.cookie);
  expect(((await revoked.json()) as AccountDto).roles).toStrictEqual([]);
  expect(await auditActions(member.userId)).toStrictEqual(['role.granted', 'role.revoked']);
});
