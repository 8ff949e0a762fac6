import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, migrate } from '@kinora/common';
import {
  createTestApp,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  eventually,
  serviceEnv,
  startMailCatcher,
  suffix,
  type MailCatcher,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampNow } from '@bufbuild/protobuf/wkt';
import { CreatorRegisteredSchema, EnvelopeSchema } from '@kinora/proto';
import fc from 'fast-check';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let mail: MailCatcher;
let sut: NestFastifyApplication;
const ADMIN = `boss-${suffix()}@example.com`;

before(async () => {
  [database, kafka, mail] = await Promise.all([
    createTestDatabase('auth_sign_in'),
    createTestKafka(1),
    startMailCatcher(),
  ]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const env = serviceEnv({
    port: 1,
    database,
    kafka,
    redis,
    extra: {
      LOG_LEVEL: 'silent',
      SMTP_URL: mail.smtpUrl,
      ADMIN_EMAILS: `someone@else.org, ${ADMIN.toUpperCase()}`,
      SEND_CODE_LIMIT_PER_IP: '12',
    },
  });
  sut = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env)));
});

after(async () => {
  await sut?.close();
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup(), mail?.stop()]);
});

let ipCounter = 0;
/** Each scenario comes from its own client address, so the per-IP limit only bites where tested. */
const nextIp = () => `127.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const post = (url: string, payload: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  sut.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': ip, ...headers },
  });

/** Asks for a code and reads it from the mail that arrives for it (not an earlier one). */
async function requestCode(email: string): Promise<string> {
  const seen = new Set((await mail.messagesTo(email)).map((message) => message.id));
  const response = await post('/api/auth/send-code', { email });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { message: 'Verification code sent' });
  const message = await eventually(
    async () => (await mail.messagesTo(email)).find((candidate) => !seen.has(candidate.id)),
    10_000,
    `a code mailed to ${email}`,
  );
  assert.equal(message.subject, 'Your Kinora sign-in code');
  return /\b(\d{6})\b/.exec(message.text)![1]!;
}

async function identityOf(cookie: string) {
  const response = await sut.inject({ method: 'GET', url: '/internal/identity', headers: { cookie } });
  assert.equal(response.statusCode, 204);
  return { userId: response.headers['x-user-id'], roles: response.headers['x-user-roles'] };
}

const sessionCookie = (setCookie: unknown) => String(setCookie).split(';')[0]!;

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('passwordless sign-in', () => {
  test('a mailed code signs a new user in, opens a session and publishes the registration', async () => {
    const email = `Viewer-${suffix()}@Example.com`;
    const code = await requestCode(email);
    const response = await post('/api/auth/verify-code', { email, code });
    assert.equal(response.statusCode, 200, response.body);
    const user = response.json();
    assert.deepEqual(Object.keys(user).sort(), [
      'email',
      'firstName',
      'id',
      'isAdmin',
      'lastName',
      'profileImageUrl',
      'subscriptionExpiry',
      'subscriptionType',
    ]);
    assert.equal(user.email, email.toLowerCase());
    assert.equal(user.isAdmin, false);
    assert.equal(user.subscriptionType, 'free');

    const setCookie = String(response.headers['set-cookie']);
    assert.match(
      setCookie,
      /^kinora_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    const cookie = sessionCookie(setCookie);
    assert.deepEqual(await identityOf(cookie), { userId: user.id, roles: '' });

    // The code works once.
    const again = await post('/api/auth/verify-code', { email, code });
    assert.equal(again.statusCode, 400);
    assert.match(again.json().error, /No code was requested/);

    const [event] = await query<{ topic: string }>('select topic from outbox where key = $1', [user.id]);
    assert.equal(event?.topic, 'auth.user-registered.v1');

    // Behind TLS the cookie is Secure.
    const secureCode = await requestCode(email);
    const secure = await post('/api/auth/verify-code', { email, code: secureCode }, nextIp(), {
      'x-forwarded-proto': 'https',
    });
    assert.match(String(secure.headers['set-cookie']), /; Secure$/);
    assert.equal(secure.json().id, user.id, 'a second sign-in is the same user');
  });

  test('after 5 wrong codes even the right code is refused', async () => {
    const email = `guesser-${suffix()}@example.com`;
    const code = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const errors: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/auth/verify-code', { email, code: wrong });
      assert.equal(response.statusCode, 400);
      errors.push(response.json().error);
    }
    assert.deepEqual(errors.slice(0, 2), [
      'Incorrect code. 4 attempts left.',
      'Incorrect code. 3 attempts left.',
    ]);
    assert.equal(errors[4], 'Too many incorrect attempts. Request a new code.');
    const right = await post('/api/auth/verify-code', { email, code });
    assert.equal(right.statusCode, 400);
    assert.equal(right.json().error, 'Too many incorrect attempts. Request a new code.');
    // A new code replaces the exhausted one.
    const fresh = await requestCode(email);
    assert.equal((await post('/api/auth/verify-code', { email, code: fresh })).statusCode, 200);
  });

  test('an expired code is refused', async () => {
    const email = `late-${suffix()}@example.com`;
    const code = await requestCode(email);
    await query(`update sign_in_codes set expires_at = now() - interval '1 second' where email = $1`, [
      email,
    ]);
    const response = await post('/api/auth/verify-code', { email, code });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().error, 'This code has expired. Request a new code.');
  });

  test('codes are stored hashed, never in clear', async () => {
    const email = `hashed-${suffix()}@example.com`;
    const code = await requestCode(email);
    const rows = await query<Record<string, unknown>>('select * from sign_in_codes where email = $1', [
      email,
    ]);
    assert.equal(rows.length, 1);
    assert.doesNotMatch(JSON.stringify(rows), new RegExp(code));
  });

  test('sending is rate-limited per address and per client IP with a clear 429', async () => {
    const email = `eager-${suffix()}@example.com`;
    for (let i = 0; i < 5; i++) assert.equal((await post('/api/auth/send-code', { email })).statusCode, 200);
    const limited = await post('/api/auth/send-code', { email });
    assert.equal(limited.statusCode, 429);
    assert.match(
      limited.json().error,
      /^Too many codes requested for this address\. Try again in \d+ minutes?\.$/,
    );
    assert.equal(limited.json().message, limited.json().error);

    const ip = nextIp();
    for (let i = 0; i < 12; i++) {
      assert.equal(
        (await post('/api/auth/send-code', { email: `crowd-${i}-${suffix()}@example.com` }, ip)).statusCode,
        200,
      );
    }
    const crowd = await post('/api/auth/send-code', { email: `crowd-x-${suffix()}@example.com` }, ip);
    assert.equal(crowd.statusCode, 429);
    assert.match(
      crowd.json().error,
      /^Too many sign-in codes requested from your network\. Try again in \d+ minutes?\.$/,
    );
  });

  test('unknown and known addresses get the same answer', async () => {
    const known = `known-${suffix()}@example.com`;
    await post('/api/auth/verify-code', { email: known, code: await requestCode(known) });
    const a = await post('/api/auth/send-code', { email: known });
    const b = await post('/api/auth/send-code', { email: `unknown-${suffix()}@example.com` });
    assert.equal(a.statusCode, b.statusCode);
    assert.equal(a.body, b.body);
  });

  test('ADMIN_EMAILS addresses are admins, others are not', async () => {
    const admin = await post('/api/auth/verify-code', { email: ADMIN, code: await requestCode(ADMIN) });
    assert.equal(admin.json().isAdmin, true);
    assert.equal((await identityOf(sessionCookie(admin.headers['set-cookie']))).roles, 'admin');
    const other = `plain-${suffix()}@example.com`;
    const plain = await post('/api/auth/verify-code', { email: other, code: await requestCode(other) });
    assert.equal(plain.json().isAdmin, false);
  });
});

describe('sessions and the current user', () => {
  async function signIn() {
    const email = `member-${suffix()}@example.com`;
    const response = await post('/api/auth/verify-code', { email, code: await requestCode(email) });
    return { user: response.json(), cookie: sessionCookie(response.headers['set-cookie']) };
  }

  test('GET /api/auth/user answers the user for a signed-in identity and 401 otherwise', async () => {
    const { user } = await signIn();
    const me = await sut.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-user-id': user.id } });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().id, user.id);
    const anonymous = await sut.inject({ method: 'GET', url: '/api/auth/user' });
    assert.equal(anonymous.statusCode, 401);
    assert.deepEqual(anonymous.json(), { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
  });

  test('logout revokes the session server-side and clears the cookie', async () => {
    const { cookie } = await signIn();
    assert.ok((await identityOf(cookie)).userId);
    const out = await sut.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    assert.equal(out.statusCode, 204);
    assert.match(String(out.headers['set-cookie']), /^kinora_session=; .*Max-Age=0/);
    assert.deepEqual(await identityOf(cookie), { userId: undefined, roles: undefined });
    // Browser navigation variant.
    const second = await signIn();
    const nav = await sut.inject({ method: 'GET', url: '/api/logout', headers: { cookie: second.cookie } });
    assert.equal(nav.statusCode, 302);
    assert.equal(nav.headers.location, '/');
    assert.equal((await identityOf(second.cookie)).userId, undefined);
  });

  test('an expired session is anonymous', async () => {
    const { cookie } = await signIn();
    await query(`update sessions set expires_at = now() - interval '1 second'`);
    assert.equal((await identityOf(cookie)).userId, undefined);
  });

  test('PATCH /api/auth/user updates the profile and publishes auth.user-updated.v1', async () => {
    const { user } = await signIn();
    const headers = { 'x-user-id': user.id };
    const response = await sut.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers,
      payload: { firstName: '  Ada ', lastName: 'Lovelace', profileImageUrl: 'https://example.com/ada.png' },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(
      [response.json().firstName, response.json().lastName, response.json().profileImageUrl],
      ['Ada', 'Lovelace', 'https://example.com/ada.png'],
    );
    const events = await query<{ topic: string }>(
      'select topic from outbox where key = $1 order by position',
      [user.id],
    );
    assert.deepEqual(
      events.map((e) => e.topic),
      ['auth.user-registered.v1', 'auth.user-updated.v1'],
    );

    for (const [payload, problem] of [
      [{ firstName: 'x'.repeat(51) }, /firstName must be shorter than or equal to 50 characters/],
      [
        { profileImageUrl: 'javascript:alert(1)' },
        /profileImageUrl must be an http\(s\) URL or a \/media\/ path/,
      ],
      [{ firstName: 7 }, /firstName must be a string/],
      [{ isAdmin: true }, /property isAdmin should not exist/],
      [{}, /Nothing to update/],
    ] as const) {
      const bad = await sut.inject({ method: 'PATCH', url: '/api/auth/user', headers, payload });
      assert.equal(bad.statusCode, 400, JSON.stringify(payload));
      assert.match(bad.json().message, problem);
    }
    const anonymous = await sut.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      payload: { firstName: 'Eve' },
    });
    assert.equal(anonymous.statusCode, 401);
  });

  test('catalog.creator-registered.v1 grants the creator role (once, even when delivered twice)', async () => {
    const { user, cookie } = await signIn();
    const event = create(CreatorRegisteredSchema, {
      envelope: create(EnvelopeSchema, {
        eventId: randomUUID(),
        occurredAt: timestampNow(),
        producer: 'catalog',
      }),
      creatorId: 7n,
      userId: user.id,
    });
    const producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    const message = { key: user.id, value: Buffer.from(toBinary(CreatorRegisteredSchema, event)) };
    await producer.send({
      topic: `${kafka.prefix}catalog.creator-registered.v1`,
      messages: [message, message],
    });
    await producer.disconnect();
    await eventually(async () => (await identityOf(cookie)).roles === 'creator', 20_000, 'the creator role');
    const updates = await query('select 1 from outbox where key = $1 and topic = $2', [
      user.id,
      'auth.user-updated.v1',
    ]);
    assert.equal(updates.length, 1);
  });

  test('GET /api/login sends the browser to /auth', async () => {
    const response = await sut.inject({ method: 'GET', url: '/api/login' });
    assert.equal(response.statusCode, 302);
    assert.equal(response.headers.location, '/auth');
  });
});

describe('bad input gets a 4xx JSON error naming the problem', () => {
  const cases: [string, unknown, RegExp][] = [
    ['/api/auth/send-code', {}, /email must be a valid email address/],
    ['/api/auth/send-code', { email: 42 }, /email must be a string/],
    ['/api/auth/send-code', { email: 'not-an-address' }, /email must be a valid email address/],
    [
      '/api/auth/send-code',
      { email: `${'a'.repeat(250)}@example.com` },
      /email must be at most 254 characters/,
    ],
    ['/api/auth/send-code', { email: 'a@example.com', extra: 1 }, /property extra should not exist/],
    ['/api/auth/verify-code', { email: 'a@example.com' }, /code must be/],
    [
      '/api/auth/verify-code',
      { email: 'a@example.com', code: '12345' },
      /code must be the 6 digits from the email/,
    ],
    ['/api/auth/verify-code', { email: 'a@example.com', code: 123456 }, /code must be a string/],
  ];
  for (const [url, payload, problem] of cases) {
    test(`${url} ${JSON.stringify(payload).slice(0, 60)}`, async () => {
      const response = await post(url, payload);
      assert.equal(response.statusCode, 400);
      assert.match(response.json().error, problem, 'the client reads `error`');
      assert.match(response.json().message, problem);
    });
  }

  test('malformed JSON and oversize bodies', async () => {
    const malformed = await sut.inject({
      method: 'POST',
      url: '/api/auth/send-code',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    // Fastify rejects it before the route runs; our own client never sends malformed JSON.
    assert.equal(malformed.statusCode, 400);
    assert.match(malformed.json().message, /JSON/);
    const oversize = await sut.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', code: '1'.repeat(2_000_000) }),
    });
    assert.equal(oversize.statusCode, 413);
  });

  test('random payloads never get a 5xx (property-based)', async () => {
    const payload = fc.oneof(
      fc.anything(),
      fc.record({ email: fc.oneof(fc.emailAddress(), fc.string(), fc.anything()) }, { requiredKeys: [] }),
      fc.record(
        {
          email: fc.oneof(fc.emailAddress(), fc.string()),
          code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string(), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/auth/send-code', '/api/auth/verify-code'),
        payload,
        async (url, body) => {
          const raw = JSON.stringify(body);
          const response = await sut.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.9.9.9' },
            payload: raw === undefined ? '' : raw,
          });
          assert.ok(response.statusCode < 500, `${url} ${raw} → ${response.statusCode} ${response.body}`);
          assert.match(String(response.headers['content-type']), /application\/json/);
        },
      ),
      { numRuns: 150 },
    );
  });
});
