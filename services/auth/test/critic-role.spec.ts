// social.critic-registered.v1: the invited address gets an account (if new) and the critic role,
// exactly once however often the event is delivered; the critic's session then carries the role.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  encodeEvent,
  eventually,
  startMailCatcher,
  startTestService,
  suffix,
  type MailCatcher,
  type TestService,
} from '@kinora/common/testing';
import { CriticRegisteredSchema } from '@kinora/proto';
import { tmpdir } from 'node:os';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let mail: MailCatcher;
let sut: NestFastifyApplication;

beforeAll(async () => {
  mail = await startMailCatcher();
  service = await startTestService({
    name: 'auth_critic_role',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
    env: { SMTP_URL: mail.smtpUrl, MEDIA_ROOT: tmpdir() },
  });
  sut = service.api;
});

afterAll(async () => {
  await service?.close();
  await mail?.stop();
});

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await service.db.query(sql, params)).rows as T[];
}

/** Sends the event for this critic: the same message twice, then a re-publication under a new id. */
async function deliverCriticRegistered(criticId: bigint, email: string, firstName: string, lastName: string) {
  const event = () =>
    encodeEvent(CriticRegisteredSchema, { criticId, email, firstName, lastName }, { producer: 'social' });
  const processed = async () =>
    (
      await query<{ n: number }>('select count(*)::int as n from processed_events where topic = $1', [
        'social.critic-registered.v1',
      ])
    )[0]!.n;
  const before = await processed();
  const message = { key: String(criticId), value: event().value };
  const again = { key: String(criticId), value: event().value };
  await service.producer.send({
    topic: `${service.kafka.prefix}social.critic-registered.v1`,
    messages: [message, message, again],
  });
  await eventually(async () => (await processed()) >= before + 2, 20_000, 'both event ids processed');
}

async function signIn(email: string) {
  const seen = new Set((await mail.messagesTo(email)).map((message) => message.id));
  const sent = await sut.inject({ method: 'POST', url: '/api/auth/send-code', payload: { email } });
  expect(sent.statusCode).toBe(200);
  const message = await eventually(
    async () => (await mail.messagesTo(email)).find((candidate) => !seen.has(candidate.id)),
    10_000,
    'the code',
  );
  const code = /\b(\d{6})\b/.exec(message.text)![1]!;
  const verified = await sut.inject({
    method: 'POST',
    url: '/api/auth/verify-code',
    payload: { email, code },
  });
  expect(verified.statusCode).toBe(200);
  const cookie = String(verified.headers['set-cookie']).split(';')[0]!;
  const identity = await sut.inject({ method: 'GET', url: '/internal/identity', headers: { cookie } });
  return { user: verified.json(), roles: identity.headers['x-user-roles'] };
}

const outboxOf = (userId: string) =>
  query<{ topic: string }>('select topic from outbox where key = $1 order by position', [userId]);

test('an unknown address becomes a critic account, once however often the event arrives', async () => {
  const email = `critic-${suffix()}@example.com`;
  await deliverCriticRegistered(41n, email, 'Ada', 'Lovelace');
  const users = await query<{ id: string; first_name: string; last_name: string; roles: string[] }>(
    'select id, first_name, last_name, roles from users where email = $1',
    [email],
  );
  expect(users).toHaveLength(1);
  expect(users[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', roles: ['critic'] });
  expect((await outboxOf(users[0]!.id)).map((row) => row.topic)).toStrictEqual(['auth.user-registered.v1']);

  const { user, roles } = await signIn(email);
  expect(user).toMatchObject({ id: users[0]!.id, firstName: 'Ada', lastName: 'Lovelace', roles: ['critic'] });
  expect(roles).toBe('critic');
});

test('a member who already has an account is named as given and gets the critic role once', async () => {
  const email = `member-${suffix()}@example.com`;
  const before = await signIn(email);
  expect(before.roles).toBe('');
  await deliverCriticRegistered(42n, email.toUpperCase(), 'Grace', 'Hopper');
  const after = await signIn(email);
  expect(after.user).toMatchObject({ id: before.user.id, firstName: 'Grace', lastName: 'Hopper' });
  expect(after.roles).toBe('critic');
  expect((await outboxOf(before.user.id)).map((row) => row.topic)).toStrictEqual([
    'auth.user-registered.v1',
    'auth.user-updated.v1',
  ]);
});
