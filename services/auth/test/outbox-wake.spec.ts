// The outbox relay wakes when a transaction that added an outbox row commits, however long that
// transaction ran (or, outside one, when the flush that writes the row ends), and a relay kept out
// by another's lock (a replica's) tries again shortly: rows never wait for the safety-net poll,
// here a minute away. An idle relay makes no outbox queries.
import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxService, RELAY_LOCK } from '@kinora/common';
import { eventually, startTestService, type TestService } from '@kinora/common/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { UserRegisteredSchema } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let context: INestApplicationContext;
let db: Client;

beforeAll(async () => {
  service = await startTestService({
    name: 'auth_outbox_wake',
    schema: DATABASE,
    configSchema,
    env: { LOG_LEVEL: 'warn', MEDIA_ROOT: tmpdir(), OUTBOX_POLL_MS: '60000' },
  });
  context = await service.startContext(AppModule.forRoot(service.config));
  db = service.db;
  // The relay's first pass (at start) has run; from now on only a commit can wake it.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
});

afterAll(async () => {
  await service?.close();
});

const publishedAt = async (id: string) =>
  (await db.query<{ published_at: Date | null }>('select published_at from outbox where id = $1', [id]))
    .rows[0]?.published_at;

/** Adds an event in a transaction that stays open `holdMs` after the add; resolves at commit. */
async function addEvent(holdMs: number): Promise<{ id: string; committed: number }> {
  const outbox = context.get(OutboxService);
  const id = await context
    .get(EntityManager)
    .fork()
    .transactional(async (em) => {
      const eventId = outbox.add(em, UserRegisteredSchema, { user: { userId: randomUUID() } }, randomUUID());
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      return eventId;
    });
  return { id, committed: Date.now() };
}

test('a row is published when its transaction commits, however long the transaction ran', async () => {
  for (const holdMs of [0, 300]) {
    const { id, committed } = await addEvent(holdMs);
    await eventually(
      async () => Boolean(await publishedAt(id)),
      5_000,
      `outbox row (held ${holdMs} ms) published`,
    );
    expect(Date.now() - committed).toBeLessThan(2_000);
  }
});

test('a row added outside a transaction is published when a later flush writes it', async () => {
  const em = context.get(EntityManager).fork();
  const id = context
    .get(OutboxService)
    .add(em, UserRegisteredSchema, { user: { userId: randomUUID() } }, randomUUID());
  await new Promise((resolve) => setTimeout(resolve, 300));
  await em.flush();
  const flushed = Date.now();
  await eventually(async () => Boolean(await publishedAt(id)), 5_000, 'outbox row published after the flush');
  expect(Date.now() - flushed).toBeLessThan(2_000);
});

test('a relay kept out by another relay’s lock tries again until it gets it', async () => {
  await db.query('begin');
  await db.query('select pg_advisory_xact_lock($1)', [RELAY_LOCK]);
  const { id } = await addEvent(0);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await publishedAt(id)).toBeNull();
  await db.query('commit');
  const released = Date.now();
  await eventually(
    async () => Boolean(await publishedAt(id)),
    5_000,
    'outbox row published once the lock is free',
  );
  expect(Date.now() - released).toBeLessThan(2_000);
});

/** Reads of the outbox table so far (sequential and index scans), as PostgreSQL counts them. */
const outboxScans = async () => {
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ scans: string }>(
    `select seq_scan + coalesce(idx_scan, 0) as scans from pg_stat_user_tables where relname = 'outbox'`,
  );
  return Number(rows[0]!.scans);
};

test('an idle relay does not query the outbox', async () => {
  // Backends report their counts at most once a second: let earlier reads settle first.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const before = await outboxScans();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await outboxScans()).toBe(before);
});
