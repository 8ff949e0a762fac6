import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig, migrate } from '@kinora/common';
import {
  createTestContext,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  eventually,
  eventsConsumed,
  freePort,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { Kafka, logLevel } from 'kafkajs';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';
import { UsersService } from '../src/users/users.service';

// auth writes auth.user-registered.v1 through its outbox; the catalog service, a separate process
// on its own database, consumes it over the real Kafka broker into its users read model. It runs
// from catalog's compiled output, as deployed: `npm run build:services` first.
const CATALOG = join(__dirname, '..', '..', 'catalog', 'dist', 'src');
// Ports the kernel says are free: a fixed or random one in the ephemeral range can be held by
// any outgoing connection (CI lost a run to EADDRINUSE on 39340).
let catalogPort: number;
let authPort: number;
const TOPIC = 'auth.user-registered.v1';

let authDb: TestDatabase;
let catalogDb: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let auth: INestApplicationContext;
let catalog: ChildProcess | undefined;

const catalogEnv = () => ({
  ...process.env,
  ...serviceEnv({
    port: catalogPort,
    database: catalogDb,
    kafka,
    redis,
    extra: { KAFKA_SESSION_TIMEOUT_MS: '6000', MEDIA_ROOT: tmpdir() },
  }),
});

function startCatalog(): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [join(CATALOG, 'main.js')], { env: catalogEnv() });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  catalog = child;
  return { child, output: () => output };
}

async function query<T>(db: TestDatabase, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const count = async (db: TestDatabase, sql: string) => Number((await query<{ n: string }>(db, sql))[0]!.n);

async function consumedMetric(outcome: string): Promise<number> {
  return eventsConsumed(
    await (await fetch(`http://127.0.0.1:${catalogPort}/metrics`)).text(),
    TOPIC,
    outcome,
  );
}

/** Offsets the catalog group has committed on the topic, summed over partitions. */
async function committedOffsets(): Promise<number> {
  const admin = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const [offsets] = await admin.fetchOffsets({
      groupId: `${kafka.prefix}catalog`,
      topics: [`${kafka.prefix}${TOPIC}`],
    });
    return (offsets?.partitions ?? []).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
  } finally {
    await admin.disconnect();
  }
}

beforeAll(async () => {
  [catalogPort, authPort] = await Promise.all([freePort(), freePort()]);
  [authDb, catalogDb, kafka] = await Promise.all([
    createTestDatabase('auth'),
    createTestDatabase('catalog'),
    createTestKafka(),
  ]);
  redis = await createTestRedis();
  await migrate({ url: authDb.url, ...DATABASE });
  const migrated = spawnSync(process.execPath, [join(CATALOG, 'migrate.js')], { env: catalogEnv() });
  expect({ status: migrated.status, stderr: migrated.stderr.toString() }).toMatchObject({ status: 0 });
  const env = serviceEnv({
    port: authPort,
    database: authDb,
    kafka,
    redis,
    extra: { LOG_LEVEL: 'warn', MEDIA_ROOT: tmpdir() },
  });
  auth = await createTestContext(AppModule.forRoot(loadConfig(configSchema, env)));
});

afterAll(async () => {
  catalog?.kill('SIGKILL');
  await auth?.close();
  await Promise.allSettled([authDb?.drop(), catalogDb?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

test('an event written through the outbox is applied exactly once, even when the consumer is killed mid-stream', async () => {
  const users = auth.get(UsersService);
  const tag = Date.now().toString(36);
  const total = 240;
  const registered: string[] = [];
  for (let i = 0; i < total; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, (_, k) => users.findOrRegister(`viewer${i + k}.${tag}@example.com`)),
    );
    registered.push(...batch.map((user) => user.id));
  }
  await eventually(
    async () => (await count(authDb, 'select count(*) as n from outbox where published_at is null')) === 0,
    20_000,
    'the relay to publish every event',
  );

  // Stall the consumer in the middle of a batch: hold a lock on the read-model row of one user
  // registered midway, so the events before it in its partition are applied but their offsets not
  // yet committed when the consumer is killed.
  const blocker = new Client({ connectionString: catalogDb.url });
  await blocker.connect();
  const stalled = registered[total / 2]!;
  await blocker.query(
    `insert into known_users (id, email, registered_at) values ($1, 'placeholder', now())`,
    [stalled],
  );
  await blocker.query('begin');
  await blocker.query('select 1 from known_users where id = $1 for update', [stalled]);

  const first = startCatalog();
  await eventually(
    async () =>
      // This database's backends only: the server is shared with other tests running meanwhile.
      (await count(
        catalogDb,
        `select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )) > 0,
    30_000,
    'the consumer to reach the locked row',
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- catalog output ---\n${first.output()}`);
  });
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  await blocker.query('rollback');
  await blocker.end();

  const appliedBeforeKill = await count(catalogDb, 'select count(*) as n from processed_events');
  const committed = await committedOffsets();
  expect(appliedBeforeKill).toBeGreaterThan(committed);

  const second = startCatalog();
  await eventually(
    async () => (await count(catalogDb, 'select count(*) as n from processed_events')) === total,
    60_000,
    `all ${total} events applied`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- catalog output ---\n${second.output()}`);
  });
  expect(
    await count(catalogDb, `select count(*) as n from known_users where email like '%.${tag}@example.com'`),
  ).toBe(total);
  expect(await count(catalogDb, 'select count(*) as n from dead_letters')).toBe(0);

  // Exactly once: what run 1 applied and Kafka redelivered was skipped; everything else applied once.
  expect(await consumedMetric('duplicate')).toBe(appliedBeforeKill - committed);
  expect(await consumedMetric('handled')).toBe(total - appliedBeforeKill);
  expect(second.output()).toMatch(/duplicate event skipped/);

  // Signing in again is not a new registration: no second event.
  await users.findOrRegister(`viewer0.${tag}@example.com`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await count(catalogDb, 'select count(*) as n from processed_events')).toBe(total);

  // Graceful shutdown: SIGTERM drains and exits 0.
  second.child.kill('SIGTERM');
  const code = await new Promise((resolve) => second.child.once('exit', resolve));
  expect(code).toBe(0);
  // Its waits alone may add up to almost two minutes on a busy machine.
}, 240_000);
