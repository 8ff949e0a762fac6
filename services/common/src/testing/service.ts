import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { AnyEntity, EntityClass, MigrationObject } from '@mikro-orm/core';
import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModule } from '@nestjs/testing';
import { EnvelopeSchema, topicOf } from '@kinora/proto';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { z } from 'zod';
import { loadConfig } from '../config/config';
import { migrate } from '../database/database';
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
} from './index';

export interface TestServiceOptions<S extends z.ZodTypeAny> {
  /** The service's name: the database's label. */
  name: string;
  /** Its tables (src/database.ts DATABASE): migrated before anything starts. */
  schema: { entities: EntityClass<AnyEntity>[]; migrations: MigrationObject[] };
  /** Its configuration schema, read from the test's environment. */
  configSchema: S;
  /** Its API module: started in process (createTestApp) unless omitted. */
  app?: (config: z.infer<S>) => DynamicModule;
  /** Environment beyond the test's database, Redis prefix and topics. */
  env?: Record<string, string>;
  /** Partitions of each test topic (1 keeps one consumer's order across keys). */
  partitions?: number;
}

/**
 * One service under test, in process, on its own database (migrated), topic prefix and Redis
 * prefix, with a raw database connection and a Kafka producer to play the other services. Every
 * service's integration specs start this way; a service's own harness adds only what is its own
 * (fixtures, media folders, workers).
 */
export interface TestService<C> {
  database: TestDatabase;
  kafka: TestKafka;
  redis: TestRedis;
  config: C;
  /** The environment `config` was read from (for a process started beside the app). */
  env: Record<string, string>;
  /** The first API app (undefined without `app`). */
  api: NestFastifyApplication;
  /** A raw connection to the service's database. */
  db: Client;
  producer: Producer;
  /**
   * Another app on the same database, Redis prefix and topics, closed with the service: a replica
   * of the API, or `module` (a worker, which runs as an app as it does deployed).
   */
  startApp(module?: DynamicModule): Promise<NestFastifyApplication>;
  /** A bare application context of `module` (a script), closed with the service. */
  startContext(module: DynamicModule): Promise<TestingModule>;
  /** Publishes an event as its producer service would (envelope filled in). */
  publish<M extends DescMessage>(
    schema: M,
    key: string,
    data: Omit<MessageInitShape<M>, 'envelope' | '$typeName'>,
    occurredAt?: Date,
  ): Promise<void>;
  /** Runs `cleanup` when the service closes (before its database and topics are removed). */
  onClose(cleanup: () => Promise<unknown> | void): void;
  close(): Promise<void>;
}

/** Where test events go: a test's topics and a connected producer. */
export interface EventTarget {
  kafka: Pick<TestKafka, 'prefix'>;
  producer: Producer;
}

/** What an event's envelope says beyond its data (each has a default). */
export interface EventMeta {
  eventId?: string;
  occurredAt?: Date;
  producer?: string;
}

/** An event as its producer service would write it (envelope filled in), encoded for Kafka. */
export function encodeEvent<M extends DescMessage>(
  schema: M,
  data: Omit<MessageInitShape<M>, 'envelope' | '$typeName'>,
  meta: EventMeta = {},
): { eventId: string; value: Buffer } {
  const eventId = meta.eventId ?? randomUUID();
  const envelope = create(EnvelopeSchema, {
    eventId,
    occurredAt: timestampFromDate(meta.occurredAt ?? new Date()),
    producer: meta.producer ?? 'test',
  });
  const message = create(schema, { ...data, envelope } as unknown as MessageInitShape<M>);
  return { eventId, value: Buffer.from(toBinary(schema, message)) };
}

/** Publishes an event on the test's topics as its producer service would (envelope filled in). */
export async function publishEvent<M extends DescMessage>(
  target: EventTarget,
  schema: M,
  key: string,
  data: Omit<MessageInitShape<M>, 'envelope' | '$typeName'>,
  occurredAt = new Date(),
): Promise<void> {
  const { value } = encodeEvent(schema, data, { occurredAt });
  await target.producer.send({
    topic: `${target.kafka.prefix}${topicOf(schema)}`,
    messages: [{ key, value }],
  });
}

export async function startTestService<S extends z.ZodTypeAny>(
  options: TestServiceOptions<S>,
): Promise<TestService<z.infer<S>>> {
  const [database, kafka, redis] = await Promise.all([
    createTestDatabase(options.name),
    createTestKafka(options.partitions),
    createTestRedis(),
  ]);
  await migrate({ url: database.url, ...options.schema });
  const env = serviceEnv({
    port: 1,
    database,
    kafka,
    redis,
    extra: {
      LOG_LEVEL: 'silent',
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      KAFKA_FETCH_MAX_WAIT_MS: '500',
      ...options.env,
    },
  });
  const config = loadConfig(options.configSchema, env) as z.infer<S>;
  const closers: (() => Promise<unknown> | void)[] = [];
  const startApp = async (module?: DynamicModule) => {
    const root = module ?? options.app?.(config);
    if (!root) throw new Error(`${options.name} has no app module to start`);
    const app = await createTestApp(root);
    closers.push(() => app.close());
    return app;
  };
  const db = new Client({ connectionString: database.url });
  await db.connect();
  const producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const api = options.app ? await startApp() : (undefined as unknown as NestFastifyApplication);
  return {
    database,
    kafka,
    redis,
    config,
    env,
    api,
    db,
    producer,
    startApp,
    async startContext(module) {
      const context = await createTestContext(module);
      closers.push(() => context.close());
      return context;
    },
    publish: (schema, key, data, occurredAt) =>
      publishEvent({ kafka, producer }, schema, key, data, occurredAt),
    onClose(cleanup) {
      closers.push(cleanup);
    },
    async close() {
      await Promise.allSettled([...closers.map((cleanup) => cleanup()), db.end(), producer.disconnect()]);
      await Promise.allSettled([database.drop(), kafka.cleanup(), redis.cleanup()]);
    },
  };
}
