import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { DynamicModule, Provider } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test, type TestingModule } from '@nestjs/testing';
import { EVENT_TOPICS } from '@kinora/proto';
import Redis from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createTopicsWithLeaders } from '../messaging/topics';
import { ormOptions, type DatabaseOptions } from '../database/database';
import { queryDbProvider } from '../database/query-db';
import { configureServiceApp, SERVICE_APP_OPTIONS, serviceAdapter } from '../platform/bootstrap';

/**
 * Test helpers that connect to the real PostgreSQL, Redis and Kafka named by the environment
 * (TEST_POSTGRES_URL, REDIS_URL, KAFKA_BROKERS). When none is given and a Docker engine answers,
 * they start those servers in containers (testcontainers); otherwise they use the local machine's
 * (127.0.0.1). Every helper makes its own namespace (database, key prefix, topic prefix) and
 * removes it, so runs never see each other's data or an earlier run's leftovers.
 */
export const suffix = () => randomBytes(4).toString('hex');

let infrastructure: Promise<void> | undefined;

/** Resolves where the test servers are; the create* helpers call it first. */
export function testInfrastructure(): Promise<void> {
  infrastructure ??= (async () => {
    const given = ['TEST_POSTGRES_URL', 'REDIS_URL', 'KAFKA_BROKERS'].some((name) => process.env[name]);
    if (given || spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status !== 0) return;
    const { GenericContainer, Wait } = await import('testcontainers');
    const { KafkaContainer } = await import('@testcontainers/kafka');
    const [postgres, redis, kafka] = await Promise.all([
      new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
        .start(),
      new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
      new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().withExposedPorts(9093).start(),
    ]);
    // The containers are removed by testcontainers' reaper when this process exits.
    process.env.TEST_POSTGRES_URL = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
    process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
    process.env.KAFKA_BROKERS = `${kafka.getHost()}:${kafka.getMappedPort(9093)}`;
  })();
  return infrastructure;
}

const adminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const kafkaBrokers = () => (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(label: string): Promise<TestDatabase> {
  await testInfrastructure();
  const name = `kinora_test_${label.replace(/\W/g, '_')}_${suffix()}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestKafka {
  brokers: string[];
  /** KAFKA_TOPIC_PREFIX for the processes under test. */
  prefix: string;
  cleanup(): Promise<void>;
}

/** A private copy of every event topic (prefixed), created up front as the infra does. */
export async function createTestKafka(partitions = 3): Promise<TestKafka> {
  await testInfrastructure();
  const prefix = `test-${suffix()}.`;
  const kafka = new Kafka({ clientId: 'kinora-test', brokers: kafkaBrokers(), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const topics = EVENT_TOPICS.map((topic) => `${prefix}${topic}`);
  await createTopicsWithLeaders(
    admin,
    topics.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: 1 })),
  ).catch(async (error: unknown) => {
    // An admin left connected would keep the test process from ever ending.
    await admin.disconnect();
    throw error;
  });
  return {
    brokers: kafkaBrokers(),
    prefix,
    async cleanup() {
      await admin.deleteTopics({ topics }).catch(() => undefined);
      const groups = await admin.listGroups().catch(() => ({ groups: [] as { groupId: string }[] }));
      const ours = groups.groups.map((g) => g.groupId).filter((id) => id.startsWith(prefix));
      if (ours.length) await admin.deleteGroups(ours).catch(() => undefined);
      await admin.disconnect();
    },
  };
}

export interface TestRedis {
  prefix: string;
  cleanup(): Promise<void>;
}

export async function createTestRedis(): Promise<TestRedis> {
  await testInfrastructure();
  const prefix = `kinora-test:${suffix()}:`;
  return {
    prefix,
    async cleanup() {
      const redis = new Redis(redisUrl());
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** Environment for a service process under test, on its own database, key prefix and topics. */
export function serviceEnv(options: {
  port: number;
  database: TestDatabase;
  kafka: TestKafka;
  redis: TestRedis;
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATABASE_URL: options.database.url,
    REDIS_URL: redisUrl(),
    REDIS_PREFIX: options.redis.prefix,
    KAFKA_BROKERS: options.kafka.brokers.join(','),
    KAFKA_TOPIC_PREFIX: options.kafka.prefix,
    LOG_LEVEL: 'info',
    OUTBOX_POLL_MS: '50',
    ...options.extra,
  };
}

/** Polls until `check` returns a truthy value or the time runs out. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** kafka_events_consumed_total of one topic and outcome in a /metrics text (0 when not counted yet). */
export function eventsConsumed(metrics: string, topic: string, outcome: string): number {
  const line = metrics
    .split('\n')
    .find(
      (l) =>
        l.startsWith('kafka_events_consumed_total{') &&
        l.includes(`topic="${topic}"`) &&
        l.includes(`outcome="${outcome}"`),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  date: string;
}

export interface MailCatcher {
  smtpUrl: string;
  /** Messages sent to this address, newest first. */
  messagesTo(address: string): Promise<CaughtMail[]>;
  stop(): Promise<void>;
}

/** A private maildev (real SMTP server with a REST API) on free ports, for one test file. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const [smtp, web] = await Promise.all([freePort(), freePort()]);
  const bin = join(require.resolve('maildev/package.json'), '..', 'bin', 'maildev');
  const child = spawn(
    process.execPath,
    [bin, '--smtp', String(smtp), '--web', String(web), '--ip', '127.0.0.1', '--silent'],
    {
      stdio: 'ignore',
    },
  );
  const api = `http://127.0.0.1:${web}`;
  await eventually(async () => (await fetch(`${api}/email`)).ok, 15_000, 'maildev to start');
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    async messagesTo(address: string) {
      const all = (await (await fetch(`${api}/email`)).json()) as CaughtMail[];
      return all
        .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
        .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * A service's Nest app built through @nestjs/testing, in process and initialised (not listening):
 * drive it with app.inject(). It runs on the same Fastify adapter, hooks and Kafka consumer as the
 * deployed service (configureServiceApp), so its `@EventPattern` handlers consume from Kafka.
 */
export async function createTestApp(module: DynamicModule): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
  const app = configureServiceApp(
    moduleRef.createNestApplication<NestFastifyApplication>(serviceAdapter(), SERVICE_APP_OPTIONS),
  );
  await app.init();
  await app.startAllMicroservices();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/**
 * A module's bare application context built through @nestjs/testing (no HTTP server, no Kafka
 * consumer; workers and scripts run this way), initialised and silent.
 */
export async function createTestContext(module: DynamicModule): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return moduleRef;
}
/**
 * A bare context with a service's database (the ORM and its QueryDb) and `providers`: a handler or
 * repository on a database of the test's own, without the rest of its app.
 */
export function createDatabaseContext(
  database: DatabaseOptions,
  providers: Provider[],
): Promise<TestingModule> {
  return createTestContext({
    module: class DatabaseContext {},
    imports: [MikroOrmModule.forRoot(ormOptions(database))],
    providers: [queryDbProvider, ...providers],
  });
}
export * from './url-fuzz';
export * from './service';
