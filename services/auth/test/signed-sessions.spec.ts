/// <reference types="jest" />
/**
 * Signed-in identity across replicas: two auth replicas on one database, each behind a gateway of
 * its own (real nginx with identity.js, and its identity-marks follower on Redis), as two gateway
 * pods in front of two auth pods would be. A signed-out cookie is refused through both gateways and
 * by both replicas within a second; a role granted by an event reaches the gateways' view at once;
 * an expired cookie is renewed by auth from its database.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampNow } from '@bufbuild/protobuf/wkt';
import { loadConfig, migrate } from '@kinora/common';
import {
  createTestApp,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  eventually,
  freePort,
  redisUrl,
  serviceEnv,
  startMailCatcher,
  suffix,
  type MailCatcher,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { CreatorRegisteredSchema, EnvelopeSchema } from '@kinora/proto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdentityMarks } from '../../../gateway/identity-marks';
import { startGateway, type TestGateway } from '../../../gateway/test/nginx-process';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';
import { verifySession } from '../src/sessions/session-token';

const KEY = randomBytes(32).toString('base64url');
const ADMIN = `admin-${suffix()}@example.com`;
const TOKEN_TTL_SECONDS = 10;

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let mail: MailCatcher;
const replicas: NestFastifyApplication[] = [];
const gateways: TestGateway[] = [];
const followers: IdentityMarks[] = [];

beforeAll(async () => {
  [database, kafka, mail] = await Promise.all([
    createTestDatabase('auth_signed_sessions'),
    createTestKafka(1),
    startMailCatcher(),
  ]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const env = serviceEnv({
      port,
      database,
      kafka,
      redis,
      extra: {
        LOG_LEVEL: 'silent',
        SMTP_URL: mail.smtpUrl,
        ADMIN_EMAILS: ADMIN,
        MEDIA_ROOT: tmpdir(),
        SESSION_SIGNING_KEYS: KEY,
        SESSION_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS),
      },
    });
    const replica = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env)));
    await replica.listen(port, '127.0.0.1');
    replicas.push(replica);
    const gateway = await startGateway({ upstreams: { AUTH: `127.0.0.1:${port}` }, signingKeys: KEY });
    gateways.push(gateway);
    const follower = new IdentityMarks({
      redisUrl: redisUrl(),
      redisPrefix: redis.prefix,
      dir: gateway.marksDir,
      tokenTtlSeconds: TOKEN_TTL_SECONDS,
    });
    follower.start();
    followers.push(follower);
    await eventually(async () => existsSync(join(gateway.marksDir, '.alive')), 10_000, 'identity marks');
  }
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(followers.map((follower) => follower.stop()));
  await Promise.allSettled(gateways.map((gateway) => gateway.stop()));
  await Promise.allSettled(replicas.map((replica) => replica.close()));
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup(), mail?.stop()]);
});

const json = { 'content-type': 'application/json' };

async function signIn(
  via: TestGateway,
  email = `member-${suffix()}@example.com`,
): Promise<{ userId: string; cookie: string }> {
  const sent = await fetch(`${via.url}/api/auth/send-code`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  expect(sent.status).toBe(200);
  const message = await eventually(async () => (await mail.messagesTo(email))[0], 10_000, 'the code');
  const code = /\b(\d{6})\b/.exec(message.text)![1]!;
  const verified = await fetch(`${via.url}/api/auth/verify-code`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  expect(verified.status).toBe(200);
  const cookie = /^kinora_session=([^;]+)/.exec(verified.headers.get('set-cookie') ?? '')![1]!;
  return { userId: ((await verified.json()) as { id: string }).id, cookie };
}

/** GET /api/auth/user through a gateway: the status, and the cookie the gateway set, if any. */
async function currentUser(via: TestGateway, cookie: string) {
  const response = await fetch(`${via.url}/api/auth/user`, {
    headers: { cookie: `kinora_session=${cookie}` },
  });
  await response.arrayBuffer();
  const renewed = /^kinora_session=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  return { status: response.status, renewed };
}

/** Who a replica says holds the cookie when asked directly (the gateway's slow path). */
async function identityAt(replica: NestFastifyApplication, cookie: string) {
  const response = await replica.inject({
    method: 'GET',
    url: '/internal/identity',
    headers: { cookie: `kinora_session=${cookie}` },
  });
  return response.headers['x-user-id'];
}

test('every gateway vouches for a fresh cookie on its own, without a renewal', async () => {
  const { cookie } = await signIn(gateways[0]!);
  for (const gateway of gateways) {
    expect(await currentUser(gateway, cookie)).toStrictEqual({ status: 200, renewed: undefined });
  }
});

test('a signed-out cookie is refused through both gateways and by both replicas within a second', async () => {
  const { userId, cookie } = await signIn(gateways[0]!);
  for (const gateway of gateways) expect((await currentUser(gateway, cookie)).status).toBe(200);
  const other = await signIn(gateways[1]!);

  const out = await fetch(`${gateways[0]!.url}/api/auth/logout`, {
    method: 'POST',
    headers: { cookie: `kinora_session=${cookie}` },
  });
  expect(out.status).toBe(204);
  const started = Date.now();
  const refused = await Promise.all(
    gateways.map(async (gateway) => {
      while ((await currentUser(gateway, cookie)).status !== 401) {
        if (Date.now() - started > 5_000) throw new Error('the signed-out cookie still works');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return Date.now() - started;
    }),
  );
  expect(Math.max(...refused)).toBeLessThan(1_000);
  for (const replica of replicas) {
    expect(await identityAt(replica, cookie)).toBeUndefined();
    expect(await identityAt(replica, other.cookie)).toBe(other.userId);
  }
  expect(userId).not.toBe(other.userId);
  // The user's other sessions go on working.
  for (const gateway of gateways) expect((await currentUser(gateway, other.cookie)).status).toBe(200);
});

test('an admin ends every session of a user: refused everywhere within a second', async () => {
  const admin = await signIn(gateways[1]!, ADMIN);
  const target = await signIn(gateways[0]!);
  const second = await signIn(gateways[1]!);
  const end = (userId: string, cookie: string) =>
    fetch(`${gateways[1]!.url}/api/auth/users/${userId}/sessions`, {
      method: 'DELETE',
      headers: { cookie: `kinora_session=${cookie}` },
    });
  expect((await end(target.userId, second.cookie)).status).toBe(403);
  expect((await end('not-a-uuid', admin.cookie)).status).toBe(400);
  expect((await end(randomUUID(), admin.cookie)).status).toBe(404);
  expect((await end(target.userId, admin.cookie)).status).toBe(204);
  const started = Date.now();
  for (const gateway of gateways) {
    while ((await currentUser(gateway, target.cookie)).status !== 401) {
      if (Date.now() - started > 5_000) throw new Error('an ended session still works');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  expect(Date.now() - started).toBeLessThan(1_000);
  expect((await currentUser(gateways[0]!, second.cookie)).status).toBe(200);
});

test('a role granted by an event reaches every gateway: the next request carries it in a renewed cookie', async () => {
  const { userId, cookie } = await signIn(gateways[0]!);
  expect(verifySession(cookie, [KEY])!.roles).toStrictEqual([]);
  const event = create(CreatorRegisteredSchema, {
    envelope: create(EnvelopeSchema, {
      eventId: randomUUID(),
      occurredAt: timestampNow(),
      producer: 'catalog',
    }),
    creatorId: 9n,
    userId,
  });
  const producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  await producer.send({
    topic: `${kafka.prefix}catalog.creator-registered.v1`,
    messages: [{ key: userId, value: Buffer.from(toBinary(CreatorRegisteredSchema, event)) }],
  });
  await producer.disconnect();
  for (const gateway of gateways) {
    const renewed = await eventually(
      async () => (await currentUser(gateway, cookie)).renewed,
      20_000,
      'a renewal',
    );
    expect(verifySession(renewed, [KEY])!.roles).toStrictEqual(['creator']);
    expect(await currentUser(gateway, renewed)).toStrictEqual({ status: 200, renewed: undefined });
  }
});

test('an expired cookie is renewed by auth from its database', async () => {
  const { cookie } = await signIn(gateways[1]!);
  const expiresAt = verifySession(cookie, [KEY])!.expiresAt;
  await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 1_100));
  const { status, renewed } = await currentUser(gateways[1]!, cookie);
  expect(status).toBe(200);
  expect(verifySession(renewed!, [KEY])!.expiresAt).toBeGreaterThan(expiresAt);
  expect(renewed!.split('.')[0]).toBe(cookie.split('.')[0]);
}, 30_000);
