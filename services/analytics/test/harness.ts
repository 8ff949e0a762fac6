import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import { loadConfig, migrate } from '@kinora/common';
import {
  createTestApp,
  createTestContext,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import {
  CreatorRegisteredSchema,
  EnvelopeSchema,
  FilmStatus,
  FilmStatusChangedSchema,
  topicOf,
} from '@kinora/proto';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import { WorkerAppModule } from '../src/worker.module';

/** A test's own analytics: database, topics, Redis prefix, the API and the worker, in process. */
export interface Analytics {
  database: TestDatabase;
  kafka: TestKafka;
  redis: TestRedis;
  config: Config;
  api: NestFastifyApplication;
  worker: TestingModule;
  db: Client;
  producer: Producer;
  close(): Promise<void>;
}

export async function startAnalytics(extra: Record<string, string> = {}): Promise<Analytics> {
  const [database, kafka] = await Promise.all([createTestDatabase('analytics'), createTestKafka()]);
  const redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const config = loadConfig(
    configSchema,
    serviceEnv({
      port: 1,
      database,
      kafka,
      redis,
      extra: {
        LOG_LEVEL: 'silent',
        KAFKA_SESSION_TIMEOUT_MS: '6000',
        KAFKA_FETCH_MAX_WAIT_MS: '500',
        ...extra,
      },
    }),
  ) as Config;
  const api = await createTestApp(AppModule.forRoot(config));
  const worker = await createTestContext(WorkerAppModule.forRoot(config));
  const db = new Client({ connectionString: database.url });
  await db.connect();
  const producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  return {
    database,
    kafka,
    redis,
    config,
    api,
    worker,
    db,
    producer,
    async close() {
      await Promise.allSettled([api.close(), worker.close(), db.end(), producer.disconnect()]);
      await Promise.allSettled([database.drop(), kafka.cleanup(), redis.cleanup()]);
    },
  };
}

/** What publishing needs: the test's topics and a producer (an in-process Analytics has both). */
export type Publisher = Pick<Analytics, 'kafka' | 'producer'>;

/** Publishes an event as its producer service would (envelope filled in). */
export async function publish<S extends DescMessage>(
  analytics: Publisher,
  schema: S,
  key: string,
  data: Omit<MessageInitShape<S>, 'envelope' | '$typeName'>,
  occurredAt = new Date(),
): Promise<void> {
  const envelope = create(EnvelopeSchema, {
    eventId: randomUUID(),
    occurredAt: timestampFromDate(occurredAt),
    producer: 'test',
  });
  const message = create(schema, { ...data, envelope } as unknown as MessageInitShape<S>);
  await analytics.producer.send({
    topic: `${analytics.kafka.prefix}${topicOf(schema)}`,
    messages: [{ key, value: Buffer.from(toBinary(schema, message)) }],
  });
}

/** A published film of `creatorId` (owned by `userId`) of the given length, as catalog announces it. */
export async function publishFilm(
  analytics: Publisher,
  film: { id: number; creatorId: number; userId: string; seconds: number; title?: string },
): Promise<void> {
  await publish(analytics, CreatorRegisteredSchema, String(film.creatorId), {
    creatorId: BigInt(film.creatorId),
    userId: film.userId,
  });
  await publish(analytics, FilmStatusChangedSchema, String(film.id), {
    filmId: BigInt(film.id),
    status: FilmStatus.PUBLISHED,
    previousStatus: FilmStatus.PENDING,
    title: film.title ?? `Film ${film.id}`,
    creatorId: BigInt(film.creatorId),
    creatorUserId: film.userId,
    genre: 'Drama',
    durationMinutes: Math.max(1, Math.round(film.seconds / 60)),
    durationSeconds: film.seconds,
    mediaBytes: BigInt(Math.round(film.seconds * 250_000)),
  });
}

export const member = (userId: string, roles = '') => ({ 'x-user-id': userId, 'x-user-roles': roles });
