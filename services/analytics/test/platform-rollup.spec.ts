import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig, migrate } from '@kinora/common';
import {
  createTestApp,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  eventually,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { EnvelopeSchema, UserProfileSchema, UserRegisteredSchema } from '@kinora/proto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';
import { WorkerAppModule } from '../src/worker.module';

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let api: INestApplicationContext;
let worker: INestApplicationContext;

beforeAll(async () => {
  [database, kafka] = await Promise.all([createTestDatabase('analytics'), createTestKafka()]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const config = loadConfig(
    configSchema,
    serviceEnv({
      port: 1,
      database,
      kafka,
      redis,
      extra: { LOG_LEVEL: 'silent', KAFKA_SESSION_TIMEOUT_MS: '6000' },
    }),
  );
  // The service (its event handlers consume from Kafka) and the worker that recomputes rollups.
  api = await createTestApp(AppModule.forRoot(config));
  worker = await createTestApp(WorkerAppModule.forRoot(config));
});

afterAll(async () => {
  await Promise.allSettled([api?.close(), worker?.close()]);
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

function registration(day: Date) {
  const userId = randomUUID();
  const event = create(UserRegisteredSchema, {
    envelope: create(EnvelopeSchema, {
      eventId: randomUUID(),
      occurredAt: timestampFromDate(day),
      producer: 'auth',
    }),
    user: create(UserProfileSchema, {
      userId,
      email: `${userId}@example.com`,
      createdAt: timestampFromDate(day),
    }),
  });
  return { key: userId, value: Buffer.from(toBinary(UserRegisteredSchema, event)) };
}

test('registrations roll up into their day, once each, through Kafka and the worker queue', async () => {
  const day = new Date('2026-03-14T10:00:00Z');
  const messages = Array.from({ length: 12 }, () => registration(day));
  const producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  // The last message twice: at-least-once delivery must not count a user twice.
  await producer.send({
    topic: `${kafka.prefix}auth.user-registered.v1`,
    messages: [...messages, messages[11]!],
  });
  await producer.disconnect();

  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    const newUsers = async () =>
      (
        await client.query<{ new_users: number }>(
          `select new_users from platform_daily where day = '2026-03-14'`,
        )
      ).rows[0]?.new_users;
    await eventually(async () => (await newUsers()) === 12, 30_000, 'the day rollup to reach 12');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await newUsers()).toBe(12);
  } finally {
    await client.end();
  }
});
