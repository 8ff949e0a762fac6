/// <reference types="jest" />
/**
 * Auth replicas on one database, each behind a gateway of its own (real nginx with identity.js,
 * and its identity-marks follower on Redis), as gateway pods in front of auth pods would be; with
 * a mail catcher, and helpers to sign in through a gateway and read who it says a cookie holds.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
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
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdentityMarks } from '../../../gateway/identity-marks';
import { startGateway, type TestGateway } from '../../../gateway/test/nginx-process';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';

export type { TestGateway };

export interface AuthBehindGateways {
  key: string;
  admin: string;
  database: TestDatabase;
  kafka: TestKafka;
  mail: MailCatcher;
  replicas: NestFastifyApplication[];
  gateways: TestGateway[];
}

/** Registers the set-up and tear-down of `count` replicas behind gateways; filled in by beforeAll. */
export function setUpAuthBehindGateways(
  label: string,
  count: number,
  tokenTtlSeconds: number,
): AuthBehindGateways {
  const env = {
    key: randomBytes(32).toString('base64url'),
    admin: `admin-${suffix()}@example.com`,
    replicas: [],
    gateways: [],
  } as unknown as AuthBehindGateways;
  let redis: TestRedis;
  const followers: IdentityMarks[] = [];

  beforeAll(async () => {
    [env.database, env.kafka, env.mail] = await Promise.all([
      createTestDatabase(label),
      createTestKafka(1),
      startMailCatcher(),
    ]);
    redis = await createTestRedis();
    await migrate({ url: env.database.url, ...DATABASE });
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const vars = serviceEnv({
        port,
        database: env.database,
        kafka: env.kafka,
        redis,
        extra: {
          LOG_LEVEL: 'silent',
          SMTP_URL: env.mail.smtpUrl,
          ADMIN_EMAILS: env.admin,
          MEDIA_ROOT: tmpdir(),
          SESSION_SIGNING_KEYS: env.key,
          SESSION_TOKEN_TTL_SECONDS: String(tokenTtlSeconds),
        },
      });
      const replica = await createTestApp(AppModule.forRoot(loadConfig(configSchema, vars)));
      await replica.listen(port, '127.0.0.1');
      env.replicas.push(replica);
      const gateway = await startGateway({ upstreams: { AUTH: `127.0.0.1:${port}` }, signingKeys: env.key });
      env.gateways.push(gateway);
      const follower = new IdentityMarks({
        redisUrl: redisUrl(),
        redisPrefix: redis.prefix,
        dir: gateway.marksDir,
        tokenTtlSeconds,
      });
      follower.start();
      followers.push(follower);
      await eventually(async () => existsSync(join(gateway.marksDir, '.alive')), 10_000, 'identity marks');
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled(followers.map((follower) => follower.stop()));
    await Promise.allSettled(env.gateways.map((gateway) => gateway.stop()));
    await Promise.allSettled(env.replicas.map((replica) => replica.close()));
    await Promise.allSettled([
      env.database?.drop(),
      env.kafka?.cleanup(),
      redis?.cleanup(),
      env.mail?.stop(),
    ]);
  });
  return env;
}

export const json = { 'content-type': 'application/json' };

/** A call through the gateway as the cookie's holder (a browser's same-origin call), JSON in. */
export function callVia(via: TestGateway, method: string, path: string, cookie?: string, body?: unknown) {
  return fetch(`${via.url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie: `kinora_session=${cookie}` } : {}),
      ...(body === undefined ? {} : json),
      origin: via.url,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Asks for a code through the gateway and reads it from the mail catcher (the code mail new since). */
export async function requestCode(via: TestGateway, mail: MailCatcher, email: string): Promise<string> {
  const codes = async () =>
    (await mail.messagesTo(email)).filter((message) => message.subject === 'Your Kinora sign-in code');
  const seen = new Set((await codes()).map((message) => message.id));
  const sent = await fetch(`${via.url}/api/auth/send-code`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  expect(sent.status).toBe(200);
  const message = await eventually(
    async () => (await codes()).find((candidate) => !seen.has(candidate.id)),
    10_000,
    'the code',
  );
  return /\b(\d{6})\b/.exec(message.text)![1]!;
}

/** Signs in through the gateway: the user's id and the session cookie's value. */
export async function signIn(
  via: TestGateway,
  mail: MailCatcher,
  email = `member-${suffix()}@example.com`,
): Promise<{ userId: string; cookie: string }> {
  const code = await requestCode(via, mail, email);
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
export async function currentUser(via: TestGateway, cookie: string) {
  const response = await fetch(`${via.url}/api/auth/user`, {
    headers: { cookie: `kinora_session=${cookie}` },
  });
  await response.arrayBuffer();
  const renewed = /^kinora_session=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  return { status: response.status, renewed };
}

/** Milliseconds from `started` until every gateway refuses the cookie (a 401); fails after 5 s. */
export async function refusedEverywhere(
  gateways: TestGateway[],
  cookie: string,
  started: number,
): Promise<number> {
  const refused = await Promise.all(
    gateways.map(async (gateway) => {
      while ((await currentUser(gateway, cookie)).status !== 401) {
        if (Date.now() - started > 5_000) throw new Error('the session still works');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return Date.now() - started;
    }),
  );
  return Math.max(...refused);
}
