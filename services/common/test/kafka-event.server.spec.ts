import { create, toBinary } from '@bufbuild/protobuf';
import { timestampNow } from '@bufbuild/protobuf/wkt';
import { Controller, Module } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  EnvelopeSchema,
  topicOf,
  UserProfileSchema,
  UserRegisteredSchema,
  type UserRegistered,
} from '@kinora/proto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { baseConfigSchema, loadConfig } from '../src/config/config';
import { migrate } from '../src/database/database';
import type { EventContext } from '../src/messaging/event-handler';
import { PlatformModule } from '../src/platform/platform.module';
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
} from '../src/testing';

const TOPIC = topicOf(UserRegisteredSchema);
const applied: { email: string; eventId: string; topic: string }[] = [];

/** Writes in the context's transaction, so its row commits with the ledger row. */
@Controller()
class RecordingHandler {
  @EventPattern(TOPIC, { ledgerKey: 'RecordingHandler' })
  async handle(@Payload() event: UserRegistered, @Ctx() context: EventContext): Promise<void> {
    await context.em.execute('insert into seen_users (email) values (?)', [event.user!.email]);
    applied.push({ email: event.user!.email, eventId: context.eventId, topic: context.topic });
  }
}

@Controller()
class FailingHandler {
  @EventPattern(TOPIC, { ledgerKey: 'FailingHandler' })
  handle(): Promise<void> {
    return Promise.reject(new Error('the failing handler always fails'));
  }
}

@Module({ controllers: [RecordingHandler, FailingHandler] })
class HandlersModule {}

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let sut: NestFastifyApplication;

beforeAll(async () => {
  [database, kafka] = await Promise.all([createTestDatabase('events'), createTestKafka(1)]);
  redis = await createTestRedis();
  await migrate({ url: database.url, entities: [], migrations: [] });
  await query('create table seen_users (email text not null)');
  const config = loadConfig(
    baseConfigSchema,
    serviceEnv({ port: 1, database, kafka, redis, extra: { LOG_LEVEL: 'silent' } }),
  );
  sut = await createTestApp({
    module: class EventsTestModule {},
    imports: [
      PlatformModule.forService({ name: 'events', config, entities: [], migrations: [] }),
      HandlersModule,
    ],
  });
});

afterAll(async () => {
  await sut?.close();
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

async function query<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

async function consumed(outcome: string): Promise<number> {
  const text = (await sut.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text
    .split('\n')
    .find((l) => l.startsWith('kafka_events_consumed_total{') && l.includes(`outcome="${outcome}"`));
  return line ? Number(line.split(' ').pop()) : 0;
}

test('each handler of a topic applies an event once on its own; failures and undecodable payloads are dead-lettered', async () => {
  const eventId = randomUUID();
  const event = create(UserRegisteredSchema, {
    envelope: create(EnvelopeSchema, { eventId, occurredAt: timestampNow(), producer: 'auth' }),
    user: create(UserProfileSchema, { userId: 'u1', email: 'one@example.com' }),
  });
  const producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const message = { key: 'u1', value: Buffer.from(toBinary(UserRegisteredSchema, event)) };
  await producer.send({
    topic: `${kafka.prefix}${TOPIC}`,
    // Delivered twice (at least once), then a payload that is not the topic's message.
    messages: [message, message, { key: 'u1', value: Buffer.from([0xff, 0xff, 0xff]) }],
  });
  await producer.disconnect();

  // The failing handler is retried with backoff before its dead letter: allow for it.
  await eventually(
    async () => (await query('select 1 from dead_letters')).length === 4,
    40_000,
    'four dead letters',
  );
  expect(applied).toEqual([{ email: 'one@example.com', eventId, topic: TOPIC }]);
  expect(await query('select email from seen_users')).toEqual([{ email: 'one@example.com' }]);
  expect(await query('select handler, event_id, topic from processed_events')).toEqual([
    { handler: 'RecordingHandler', event_id: eventId, topic: TOPIC },
  ]);
  // The failing handler has no ledger row, so the redelivery is retried and dead-lettered again;
  // the undecodable payload is dead-lettered once per handler, with no event id.
  expect(
    await query('select handler, event_id, error from dead_letters order by handler, event_id nulls last'),
  ).toEqual([
    { handler: 'FailingHandler', event_id: eventId, error: 'the failing handler always fails' },
    { handler: 'FailingHandler', event_id: eventId, error: 'the failing handler always fails' },
    { handler: 'FailingHandler', event_id: null, error: expect.any(String) },
    { handler: 'RecordingHandler', event_id: null, error: expect.any(String) },
  ]);
  expect(await consumed('handled')).toBe(1);
  expect(await consumed('duplicate')).toBe(1);
  expect(await consumed('dead-lettered')).toBe(4);
}, 90_000);

test('the consumer lag is read from Kafka when /metrics is scraped', async () => {
  // The three messages above are committed once their batch is applied: nothing is left behind.
  const line = new RegExp(`^kafka_consumer_lag\\{group="[^"]+",topic="${TOPIC}",partition="0"\\} 0$`);
  await eventually(
    async () =>
      (await sut.inject({ method: 'GET', url: '/metrics' })).body.split('\n').some((l) => line.test(l)),
    20_000,
    'a lag of 0 on the scraped partition',
  );
});
