/**
 * The gateway's identity and its cache keying, with a real nginx (identity.js), a real
 * identity-marks follower on the machine's Redis, and fake auth and catalog services:
 * - a signed, current cookie is vouched for by nginx alone (auth is not asked);
 * - a forged one is anonymous; an expired one, one older than its user's identity version, or any
 *   cookie while the marks are not kept goes to auth, whose fresh cookie reaches the browser;
 * - a change announced on the stream stops the old cookie within a second;
 * - members share the visitors' micro-cache, creators and admins never do.
 *
 *   node --import tsx --test gateway/test/identity.test.ts
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Redis from 'ioredis';
import { IDENTITY_CHANGES_STREAM } from '@kinora/contracts';

import { signSession, type SessionClaims } from '../../services/auth/src/sessions/session-token.js';
import { IdentityMarks } from '../identity-marks.js';
import { startGateway, type TestGateway } from './nginx-process.js';

const KEY = randomBytes(32).toString('base64url');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `kinora-test:${randomBytes(4).toString('hex')}:`;

type Roles = SessionClaims['roles'];
const sign = (userId: string, roles: Roles, identityVersion = 0, ttlSeconds = 600) =>
  signSession(
    {
      token: randomBytes(32).toString('base64url'),
      userId,
      roles,
      identityVersion,
      expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds,
    },
    [KEY],
  );

/** A fake service on a free port. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const address = (server: Server) => `127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('gateway identity: signed cookies, identity marks, cache keying', () => {
  let gateway: TestGateway;
  let marks: IdentityMarks;
  let redis: Redis;
  let auth: Server;
  let catalog: Server;
  /** What fake auth was asked, and what it answers: a live user per cookie value, else anonymous. */
  const authCalls: string[] = [];
  const live = new Map<string, { userId: string; roles: Roles; version: number }>();
  let catalogCalls = 0;

  before(async () => {
    redis = new Redis(REDIS_URL);
    auth = await serve((req, res) => {
      const cookie = /kinora_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      authCalls.push(cookie);
      const session = live.get(cookie);
      if (session) {
        const fresh = sign(session.userId, session.roles, session.version);
        live.set(fresh, session);
        res.setHeader('x-user-id', session.userId);
        res.setHeader('x-user-roles', session.roles.join(','));
        res.setHeader('x-session-cookie', `kinora_session=${fresh}; Path=/; HttpOnly`);
      } else {
        res.setHeader('x-session-cookie', 'kinora_session=; Path=/; HttpOnly; Max-Age=0');
      }
      res.statusCode = 204;
      res.end();
    });
    // Echoes who nginx says is calling, and how many requests reached it.
    catalog = await serve((req, res) => {
      catalogCalls += 1;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          url: req.url,
          user: req.headers['x-user-id'] ?? null,
          roles: req.headers['x-user-roles'] ?? null,
          call: catalogCalls,
        }),
      );
    });
    gateway = await startGateway({
      upstreams: { AUTH: address(auth), CATALOG: address(catalog) },
      signingKeys: KEY,
    });
    marks = follow();
    await until(async () => (await get('/api/studio/films', sign(randomUUID(), []))).authAsked === false);
  });

  after(async () => {
    await marks?.stop();
    await gateway?.stop();
    auth?.close();
    catalog?.close();
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  /** The gateway's identity-marks follower, started. */
  function follow(): IdentityMarks {
    const follower = new IdentityMarks({
      redisUrl: REDIS_URL,
      redisPrefix: PREFIX,
      dir: gateway.marksDir,
      tokenTtlSeconds: 600,
    });
    follower.start();
    return follower;
  }

  async function get(path: string, cookie?: string) {
    const before = authCalls.length;
    const response = await fetch(`${gateway.url}${path}`, {
      headers: cookie ? { cookie: `kinora_session=${cookie}` } : {},
    });
    const body = (await response.json()) as { user: string | null; roles: string | null; call: number };
    return {
      status: response.status,
      body,
      setCookie: response.headers.get('set-cookie'),
      authAsked: authCalls.length > before,
    };
  }

  async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`not within ${timeoutMs} ms\n${gateway.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - started;
  }

  test('a signed, current cookie is trusted by nginx alone', async () => {
    const userId = randomUUID();
    const answer = await get('/api/studio/films', sign(userId, ['creator', 'critic']));
    assert.equal(answer.authAsked, false);
    assert.equal(answer.body.user, userId);
    assert.equal(answer.body.roles, 'creator,critic');
    assert.equal(answer.setCookie, null);
  });

  test('a forged or tampered cookie is anonymous, without asking auth', async () => {
    const genuine = sign(randomUUID(), []);
    const parts = genuine.split('.');
    parts[2] = 'admin';
    for (const cookie of [parts.join('.'), `${genuine.slice(0, -2)}xx`]) {
      const answer = await get('/api/studio/films', cookie);
      assert.equal(answer.authAsked, false);
      assert.equal(answer.body.user, null);
    }
  });

  test('an expired cookie goes to auth, and the fresh cookie auth signs reaches the browser', async () => {
    const userId = randomUUID();
    const expired = sign(userId, [], 0, -1);
    live.set(expired, { userId, roles: [], version: 0 });
    const answer = await get('/api/studio/films', expired);
    assert.equal(answer.authAsked, true);
    assert.equal(answer.body.user, userId);
    const fresh = /^kinora_session=([^;]+)/.exec(answer.setCookie ?? '')?.[1];
    assert.ok(fresh && live.has(fresh));
    assert.equal((await get('/api/studio/films', fresh)).authAsked, false);
  });

  test('an identity change on the stream stops older cookies within a second', async () => {
    const userId = randomUUID();
    const cookie = sign(userId, [], 3);
    assert.equal((await get('/api/studio/films', cookie)).body.user, userId);
    // What auth announces when one of the user's sessions is revoked (this one: auth forgets it).
    await redis.xadd(`${PREFIX}${IDENTITY_CHANGES_STREAM}`, '*', 'user', userId, 'version', '4');
    const elapsed = await until(async () => (await get('/api/studio/films', cookie)).body.user === null);
    assert.ok(elapsed < 1_000, `refused after ${elapsed} ms`);
    const answer = await get('/api/studio/films', cookie);
    assert.equal(answer.authAsked, true);
    assert.match(answer.setCookie ?? '', /Max-Age=0/);
    // A cookie signed at the new version is trusted again; an older announcement changes nothing.
    await redis.xadd(`${PREFIX}${IDENTITY_CHANGES_STREAM}`, '*', 'user', userId, 'version', '2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await get('/api/studio/films', sign(userId, [], 4))).authAsked, false);
  });

  test('while the marks are not kept, every signed-in request is decided by auth', async () => {
    const userId = randomUUID();
    const cookie = sign(userId, []);
    live.set(cookie, { userId, roles: [], version: 0 });
    await marks.stop();
    try {
      const answer = await get('/api/studio/films', cookie);
      assert.equal(answer.authAsked, true);
      assert.equal(answer.body.user, userId);
    } finally {
      marks = follow();
    }
    await until(async () => (await get('/api/studio/films', cookie)).authAsked === false);
  });

  test('members share the visitors’ micro-cache; creators and admins neither read nor fill it', async () => {
    const member = sign(randomUUID(), ['critic']);
    const creatorId = randomUUID();
    const creator = sign(creatorId, ['creator']);
    const adminId = randomUUID();
    const admin = sign(adminId, ['admin']);

    // The creator asks first: what they see (their film awaiting review) is never stored.
    const creatorView = await get('/api/films/77', creator);
    assert.equal(creatorView.body.user, creatorId);
    const visitorView = await get('/api/films/77');
    assert.equal(visitorView.body.user, null);
    assert.ok(visitorView.body.call > creatorView.body.call, 'the visitor got a response of their own');
    // The member gets the visitor's stored response: the same public answer, no second call.
    const memberView = await get('/api/films/77', member);
    assert.deepEqual(memberView.body, visitorView.body);
    // The admin's view of the same URL is their own, and is not stored either.
    const adminView = await get('/api/films/77', admin);
    assert.equal(adminView.body.user, adminId);
    assert.deepEqual((await get('/api/films/77', member)).body, visitorView.body);
    assert.equal((await get('/api/films/77', creator)).body.user, creatorId);
    assert.deepEqual((await get('/api/films/77')).body, visitorView.body);
  });

  test('writes are rate limited per signed-in user; a forged cookie counts as its address', async () => {
    const post = (cookie?: string) =>
      fetch(`${gateway.url}/api/films/77/view`, {
        method: 'POST',
        headers: cookie ? { cookie: `kinora_session=${cookie}` } : {},
      }).then(async (response) => ({ status: response.status, body: await response.text() }));
    const flooder = sign(randomUUID(), []);
    // 20 r/s with a burst of 200: 300 at once from one user go over it.
    const flood = await Promise.all(Array.from({ length: 300 }, () => post(flooder)));
    const limited = flood.filter((reply) => reply.status === 429);
    assert.ok(limited.length > 0 && limited.length <= 100, `limited: ${limited.length}`);
    assert.equal((JSON.parse(limited[0]!.body) as { statusCode: number }).statusCode, 429);
    // Another user, and a visitor, from the same address are not held back by that user.
    assert.equal((await post(sign(randomUUID(), []))).status, 200);
    assert.equal((await post()).status, 200);
    // Forged cookies (a new one per call) do not buy fresh buckets: they share the address's.
    const forged = await Promise.all(
      Array.from({ length: 300 }, () => post(randomBytes(24).toString('base64url'))),
    );
    assert.ok(
      forged.some((reply) => reply.status === 429),
      'forged cookies are limited by address',
    );
  });
});
