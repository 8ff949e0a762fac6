/// <reference types="jest" />
/**
 * A member downloads the account part of their data and deletes their account through the gateway:
 * confirmed by their email, every session refused within a second on every gateway, the row
 * anonymised, auth.user-deleted.v1 written once, a goodbye mail, both on the audit log; nothing
 * for visitors, a 400 for a wrong confirmation.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { suffix } from '@kinora/common/testing';
import { AdminActionTakenSchema, topicOf, UserDeletedSchema } from '@kinora/proto';
import { Client } from 'pg';
import { createHash } from 'node:crypto';
import { tombstoneEmail } from '../src/member-data/member-data.service';
import type { AuthExportDto } from '../src/member-data/dto/member-data.dto';
import {
  callVia,
  refusedEverywhere,
  setUpAuthBehindGateways,
  signIn as signInVia,
  type TestGateway,
} from './gateways-harness';

const env = setUpAuthBehindGateways('auth_member_data', 2, 10);
const { gateways } = env;
const signIn = (via: TestGateway, email?: string) => signInVia(via, env.mail, email);

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callVia(gateways[0]!, method, path, cookie, body);

async function query<Row extends object>(text: string, values: unknown[]): Promise<Row[]> {
  const client = new Client({ connectionString: env.database.url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const outboxOf = (topic: string, key: string) =>
  query<{ payload: Buffer }>('select payload from outbox where topic = $1 and key = $2 order by position', [
    topic,
    key,
  ]);

test('a member downloads the account part of their data; the export is on the audit log', async () => {
  const email = `exporting-${suffix()}@example.com`;
  const member = await signIn(gateways[0]!, email);
  expect((await call('POST', '/api/auth/user/export')).status).toBe(401);
  const response = await call('POST', '/api/auth/user/export', member.cookie);
  expect(response.status).toBe(200);
  const { account } = (await response.json()) as AuthExportDto;
  expect(account).toMatchObject({ id: member.userId, email, roles: [] });
  expect(Date.parse(account.createdAt)).not.toBeNaN();
  const audit = await outboxOf(topicOf(AdminActionTakenSchema), `user:${member.userId}`);
  expect(audit.map((row) => fromBinary(AdminActionTakenSchema, row.payload))).toMatchObject([
    { action: 'account.exported', actorUserId: member.userId, targetLabel: email },
  ]);
});

test('a member deletes their account: refused everywhere, anonymised, told once to every service, mailed', async () => {
  const email = `leaving-${suffix()}@example.com`;
  const member = await signIn(gateways[0]!, email);
  const other = await signIn(gateways[1]!, email);
  expect(
    (await call('PATCH', '/api/auth/user', member.cookie, { firstName: 'Ada', lastName: 'Leaving' })).status,
  ).toBe(200);

  expect((await call('DELETE', '/api/auth/user', undefined, { confirm: email })).status).toBe(401);
  const wrong = await call('DELETE', '/api/auth/user', member.cookie, { confirm: 'someone@example.com' });
  expect([wrong.status, ((await wrong.json()) as { message: string }).message]).toStrictEqual([
    400,
    'confirm must be the email address of your account',
  ]);
  const missing = await call('DELETE', '/api/auth/user', member.cookie, {});
  expect([missing.status, ((await missing.json()) as { message: string }).message]).toStrictEqual([
    400,
    'confirm must be the email address of your account',
  ]);

  const deleted = await call('DELETE', '/api/auth/user', member.cookie, {
    confirm: ` ${email.toUpperCase()} `,
  });
  const started = Date.now();
  expect(deleted.status).toBe(204);
  expect(deleted.headers.get('set-cookie')).toMatch(/kinora_session=;/);
  expect(await refusedEverywhere(gateways, other.cookie, started)).toBeLessThan(1_000);
  expect(await refusedEverywhere(gateways, member.cookie, started)).toBeLessThan(1_000);
  // Deleting again is a visitor's call now.
  expect((await call('DELETE', '/api/auth/user', member.cookie, { confirm: email })).status).toBe(401);

  const [row] = await query<Record<string, unknown>>(
    'select email, first_name, last_name, profile_image_url, roles, deleted_at from users where id = $1',
    [member.userId],
  );
  expect(row).toMatchObject({
    email: tombstoneEmail(member.userId),
    first_name: null,
    last_name: null,
    profile_image_url: null,
    roles: [],
  });
  expect(row!.deleted_at).not.toBeNull();
  expect(await query('select 1 from users where email = $1', [email])).toStrictEqual([]);
  expect(
    await query('select 1 from sessions where user_id = $1 and revoked_at is null', [member.userId]),
  ).toStrictEqual([]);

  const events = await outboxOf(topicOf(UserDeletedSchema), member.userId);
  expect(events).toHaveLength(1);
  const event = fromBinary(UserDeletedSchema, events[0]!.payload);
  expect(event.user).toMatchObject({
    userId: member.userId,
    email: tombstoneEmail(member.userId),
    firstName: '',
    lastName: '',
    roles: [],
  });
  expect(event.version).toBeGreaterThan(1n);
  expect(event.emailSha256).toBe(createHash('sha256').update(email).digest('hex'));
  const audit = await outboxOf(topicOf(AdminActionTakenSchema), `user:${member.userId}`);
  expect(audit.map((row) => fromBinary(AdminActionTakenSchema, row.payload))).toMatchObject([
    { action: 'account.deleted', actorUserId: member.userId, targetLabel: 'Deleted user' },
  ]);
  expect((await env.mail.messagesTo(email)).map((message) => message.subject)).toContain(
    'Your Kinora account is deleted',
  );

  // The address is free again: signing in with it starts a new, empty account.
  const again = await signIn(gateways[0]!, email);
  expect(again.userId).not.toBe(member.userId);
});
