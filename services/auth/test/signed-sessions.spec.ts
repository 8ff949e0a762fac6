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
import { eventually } from '@kinora/common/testing';
import { CreatorRegisteredSchema, EnvelopeSchema } from '@kinora/proto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { verifySession } from '../src/sessions/session-token';
import {
  currentUser,
  refusedEverywhere,
  setUpAuthBehindGateways,
  signIn as signInVia,
  type TestGateway,
} from './gateways-harness';

const TOKEN_TTL_SECONDS = 10;
const env = setUpAuthBehindGateways('auth_signed_sessions', 2, TOKEN_TTL_SECONDS);
const { replicas, gateways } = env;
const signIn = (via: TestGateway, email?: string) => signInVia(via, env.mail, email);

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
  expect(await refusedEverywhere(gateways, cookie, Date.now())).toBeLessThan(1_000);
  for (const replica of replicas) {
    expect(await identityAt(replica, cookie)).toBeUndefined();
    expect(await identityAt(replica, other.cookie)).toBe(other.userId);
  }
  expect(userId).not.toBe(other.userId);
  // The user's other sessions go on working.
  for (const gateway of gateways) expect((await currentUser(gateway, other.cookie)).status).toBe(200);
});

test('an admin ends every session of a user: refused everywhere within a second', async () => {
  const admin = await signIn(gateways[1]!, env.admin);
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
  expect(await refusedEverywhere(gateways, target.cookie, Date.now())).toBeLessThan(1_000);
  expect((await currentUser(gateways[0]!, second.cookie)).status).toBe(200);
});

test('a role granted by an event reaches every gateway: the next request carries it in a renewed cookie', async () => {
  const { userId, cookie } = await signIn(gateways[0]!);
  expect(verifySession(cookie, [env.key])!.roles).toStrictEqual([]);
  const event = create(CreatorRegisteredSchema, {
    envelope: create(EnvelopeSchema, {
      eventId: randomUUID(),
      occurredAt: timestampNow(),
      producer: 'catalog',
    }),
    creatorId: 9n,
    userId,
  });
  const producer = new Kafka({ brokers: env.kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  await producer.send({
    topic: `${env.kafka.prefix}catalog.creator-registered.v1`,
    messages: [{ key: userId, value: Buffer.from(toBinary(CreatorRegisteredSchema, event)) }],
  });
  await producer.disconnect();
  for (const gateway of gateways) {
    const renewed = await eventually(
      async () => (await currentUser(gateway, cookie)).renewed,
      20_000,
      'a renewal',
    );
    expect(verifySession(renewed, [env.key])!.roles).toStrictEqual(['creator']);
    expect(await currentUser(gateway, renewed)).toStrictEqual({ status: 200, renewed: undefined });
  }
});

test('an expired cookie is renewed by auth from its database', async () => {
  const { cookie } = await signIn(gateways[1]!);
  const expiresAt = verifySession(cookie, [env.key])!.expiresAt;
  await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 1_100));
  const { status, renewed } = await currentUser(gateways[1]!, cookie);
  expect(status).toBe(200);
  expect(verifySession(renewed!, [env.key])!.expiresAt).toBeGreaterThan(expiresAt);
  expect(renewed!.split('.')[0]).toBe(cookie.split('.')[0]);
}, 30_000);
