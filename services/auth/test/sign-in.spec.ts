import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  encodeEvent,
  eventually,
  startMailCatcher,
  startTestService,
  suffix,
  type MailCatcher,
  type TestService,
  assertUrlInputsNeverFail,
  injectSender,
  openApiDocument,
} from '@kinora/common/testing';
import { CreatorRegisteredSchema } from '@kinora/proto';
import fc from 'fast-check';
import { tmpdir } from 'node:os';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let mail: MailCatcher;
let sut: NestFastifyApplication;
const ADMIN = `boss-${suffix()}@example.com`;

beforeAll(async () => {
  mail = await startMailCatcher();
  service = await startTestService({
    name: 'auth_sign_in',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
    env: {
      SMTP_URL: mail.smtpUrl,
      ADMIN_EMAILS: `someone@else.org, ${ADMIN.toUpperCase()}`,
      SEND_CODE_LIMIT_PER_IP: '12',
      MEDIA_ROOT: tmpdir(),
    },
  });
  sut = service.api;
});

afterAll(async () => {
  await service?.close();
  await mail?.stop();
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
  expect(response.statusCode).toBe(200);
  expect(response.json()).toStrictEqual({ message: 'Verification code sent' });
  const message = await eventually(
    async () => (await mail.messagesTo(email)).find((candidate) => !seen.has(candidate.id)),
    10_000,
    `a code mailed to ${email}`,
  );
  expect(message.subject).toBe('Your Kinora sign-in code');
  return /\b(\d{6})\b/.exec(message.text)![1]!;
}

async function identityOf(cookie: string) {
  const response = await sut.inject({ method: 'GET', url: '/internal/identity', headers: { cookie } });
  expect(response.statusCode).toBe(204);
  return { userId: response.headers['x-user-id'], roles: response.headers['x-user-roles'] };
}

const sessionCookie = (setCookie: unknown) => String(setCookie).split(';')[0]!;

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await service.db.query(sql, params)).rows as T[];
}

describe('passwordless sign-in', () => {
  test('a mailed code signs a new user in, opens a session and publishes the registration', async () => {
    const email = `Viewer-${suffix()}@Example.com`;
    const code = await requestCode(email);
    const response = await post('/api/auth/verify-code', { email, code });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(Object.keys(user).sort()).toStrictEqual([
      'email',
      'favoritesCount',
      'firstName',
      'id',
      'isAdmin',
      'lastName',
      'profileImageUrl',
      'roles',
      'subscriptionExpiry',
      'subscriptionType',
      'watchlistCount',
    ]);
    expect([user.watchlistCount, user.favoritesCount]).toStrictEqual([0, 0]);
    expect(user.roles).toStrictEqual([]);
    expect(user.email).toBe(email.toLowerCase());
    expect(user.isAdmin).toBe(false);
    expect(user.subscriptionType).toBe('free');

    const setCookie = String(response.headers['set-cookie']);
    // The session's secret token, then the signed claims the gateway checks (session-token.ts).
    expect(setCookie).toMatch(
      /^kinora_session=[A-Za-z0-9_-]{43}\.[0-9a-f-]{36}\.-\.\d+\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    const cookie = sessionCookie(setCookie);
    expect(await identityOf(cookie)).toStrictEqual({ userId: user.id, roles: '' });

    // The code works once.
    const again = await post('/api/auth/verify-code', { email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/No code was requested/);

    const [event] = await query<{ topic: string }>('select topic from outbox where key = $1', [user.id]);
    expect(event?.topic).toBe('auth.user-registered.v1');

    // Behind TLS the cookie is Secure.
    const secureCode = await requestCode(email);
    const secure = await post('/api/auth/verify-code', { email, code: secureCode }, nextIp(), {
      'x-forwarded-proto': 'https',
    });
    expect(String(secure.headers['set-cookie'])).toMatch(/; Secure$/);
    expect(secure.json().id).toBe(user.id); // a second sign-in is the same user
  });

  test('after 5 wrong codes even the right code is refused', async () => {
    const email = `guesser-${suffix()}@example.com`;
    const code = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const errors: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/auth/verify-code', { email, code: wrong });
      expect(response.statusCode).toBe(400);
      errors.push(response.json().error);
    }
    expect(errors.slice(0, 2)).toStrictEqual([
      'Incorrect code. 4 attempts left.',
      'Incorrect code. 3 attempts left.',
    ]);
    expect(errors[4]).toBe('Too many incorrect attempts. Request a new code.');
    const right = await post('/api/auth/verify-code', { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe('Too many incorrect attempts. Request a new code.');
    // A new code replaces the exhausted one.
    const fresh = await requestCode(email);
    expect((await post('/api/auth/verify-code', { email, code: fresh })).statusCode).toBe(200);
  });

  test('an expired code is refused', async () => {
    const email = `late-${suffix()}@example.com`;
    const code = await requestCode(email);
    await query(`update sign_in_codes set expires_at = now() - interval '1 second' where email = $1`, [
      email,
    ]);
    const response = await post('/api/auth/verify-code', { email, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('This code has expired. Request a new code.');
  });

  test('codes are stored hashed, never in clear', async () => {
    const email = `hashed-${suffix()}@example.com`;
    const code = await requestCode(email);
    const rows = await query<Record<string, unknown>>('select * from sign_in_codes where email = $1', [
      email,
    ]);
    expect(rows.length).toBe(1);
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(code));
  });

  test('sending is rate-limited per address and per client IP with a clear 429', async () => {
    const email = `eager-${suffix()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/send-code', { email })).statusCode).toBe(200);
    const limited = await post('/api/auth/send-code', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(
      /^Too many codes requested for this address\. Try again in \d+ minutes?\.$/,
    );
    expect(limited.json().message).toBe(limited.json().error);

    const ip = nextIp();
    for (let i = 0; i < 12; i++) {
      expect(
        (await post('/api/auth/send-code', { email: `crowd-${i}-${suffix()}@example.com` }, ip)).statusCode,
      ).toBe(200);
    }
    const crowd = await post('/api/auth/send-code', { email: `crowd-x-${suffix()}@example.com` }, ip);
    expect(crowd.statusCode).toBe(429);
    expect(crowd.json().error).toMatch(
      /^Too many sign-in codes requested from your network\. Try again in \d+ minutes?\.$/,
    );
  });

  test('unknown and known addresses get the same answer', async () => {
    const known = `known-${suffix()}@example.com`;
    await post('/api/auth/verify-code', { email: known, code: await requestCode(known) });
    const a = await post('/api/auth/send-code', { email: known });
    const b = await post('/api/auth/send-code', { email: `unknown-${suffix()}@example.com` });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
  });

  test('ADMIN_EMAILS addresses are admins, others are not', async () => {
    const admin = await post('/api/auth/verify-code', { email: ADMIN, code: await requestCode(ADMIN) });
    expect(admin.json().isAdmin).toBe(true);
    expect((await identityOf(sessionCookie(admin.headers['set-cookie']))).roles).toBe('admin');
    const other = `plain-${suffix()}@example.com`;
    const plain = await post('/api/auth/verify-code', { email: other, code: await requestCode(other) });
    expect(plain.json().isAdmin).toBe(false);
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
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    const anonymous = await sut.inject({ method: 'GET', url: '/api/auth/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toStrictEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Unauthorized',
    });
  });

  test('GET /api/auth/session answers 200 either way: the user when signed in, null when anonymous', async () => {
    const { user } = await signIn();
    const me = await sut.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { 'x-user-id': user.id },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json().user).toMatchObject({ id: user.id, email: user.email });
    const anonymous = await sut.inject({ method: 'GET', url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toStrictEqual({ user: null });
    const gone = await sut.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { 'x-user-id': '00000000-0000-4000-8000-000000000000' },
    });
    expect(gone.json()).toStrictEqual({ user: null });
  });

  test('logout revokes the session server-side and clears the cookie', async () => {
    const { cookie } = await signIn();
    expect((await identityOf(cookie)).userId).toBeTruthy();
    const out = await sut.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^kinora_session=; .*Max-Age=0/);
    expect(await identityOf(cookie)).toStrictEqual({ userId: undefined, roles: undefined });
    // Browser navigation variant.
    const second = await signIn();
    const nav = await sut.inject({ method: 'GET', url: '/api/logout', headers: { cookie: second.cookie } });
    expect(nav.statusCode).toBe(302);
    expect(nav.headers.location).toBe('/');
    expect((await identityOf(second.cookie)).userId).toBe(undefined);
  });

  test('an expired session is anonymous', async () => {
    const { cookie } = await signIn();
    await query(`update sessions set expires_at = now() - interval '1 second'`);
    expect((await identityOf(cookie)).userId).toBe(undefined);
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
    expect(response.statusCode).toBe(200);
    expect([
      response.json().firstName,
      response.json().lastName,
      response.json().profileImageUrl,
    ]).toStrictEqual(['Ada', 'Lovelace', 'https://example.com/ada.png']);
    const events = await query<{ topic: string }>(
      'select topic from outbox where key = $1 order by position',
      [user.id],
    );
    expect(events.map((e) => e.topic)).toStrictEqual(['auth.user-registered.v1', 'auth.user-updated.v1']);

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
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(problem);
    }
    const anonymous = await sut.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      payload: { firstName: 'Eve' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test('catalog.creator-registered.v1 grants the creator role (once, even when delivered twice)', async () => {
    const { user, cookie } = await signIn();
    const { value } = encodeEvent(
      CreatorRegisteredSchema,
      { creatorId: 7n, userId: user.id },
      { producer: 'catalog' },
    );
    const message = { key: user.id, value };
    await service.producer.send({
      topic: `${service.kafka.prefix}catalog.creator-registered.v1`,
      messages: [message, message],
    });
    await eventually(async () => (await identityOf(cookie)).roles === 'creator', 20_000, 'the creator role');
    const updates = await query('select 1 from outbox where key = $1 and topic = $2', [
      user.id,
      'auth.user-updated.v1',
    ]);
    expect(updates.length).toBe(1);
  });

  test('GET /api/login sends the browser to /auth', async () => {
    const response = await sut.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth');
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
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(problem); // the client reads `error`
      expect(response.json().message).toMatch(problem);
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
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/);
    const oversize = await sut.inject({
      method: 'POST',
      url: '/api/auth/verify-code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', code: '1'.repeat(2_000_000) }),
    });
    expect(oversize.statusCode).toBe(413);
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
          expect(response.statusCode).toBeLessThan(500);
          expect(String(response.headers['content-type'])).toMatch(/application\/json/);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('query strings and path parameters', () => {
  test('no input in any documented operation gets a 5xx, every 4xx is JSON', async () => {
    const document = openApiDocument('auth');
    let sent = 0;
    for (const headers of [{}, { 'x-user-id': '77777777-7777-4777-8777-777777777777' }] as Record<
      string,
      string
    >[]) {
      sent += await assertUrlInputsNeverFail({ document, send: injectSender(sut, headers), runs: 25 });
    }
    expect(sent).toBeGreaterThan(0);
  });
});
