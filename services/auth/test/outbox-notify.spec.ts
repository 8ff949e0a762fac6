// The outbox relay wakes on PostgreSQL NOTIFY: a row committed by another process on the same
// database (a replica, the seed) is published at once, though the relay's safety-net poll is a
// minute away; an idle service therefore makes no outbox queries.
import { eventually, startTestService, type TestService } from '@kinora/common/testing';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let other: Client;

beforeAll(async () => {
  service = await startTestService({
    name: 'auth_notify',
    schema: DATABASE,
    configSchema,
    env: { LOG_LEVEL: 'warn', MEDIA_ROOT: tmpdir(), OUTBOX_POLL_MS: '60000' },
  });
  await service.startContext(AppModule.forRoot(service.config));
  other = service.db;
});

afterAll(async () => {
  await service?.close();
});

const publishedAt = async (id: string) =>
  (await other.query<{ published_at: Date | null }>('select published_at from outbox where id = $1', [id]))
    .rows[0]?.published_at;

test('a row committed by another connection is published at once, not at the next poll', async () => {
  // The relay's first pass (at start) has run; from now on only a notification can wake it.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (let round = 0; round < 2; round++) {
    const id = randomUUID();
    const started = Date.now();
    await other.query(
      `insert into outbox (id, topic, key, type, payload) values ($1, 'auth.user-registered.v1', $2, 'test', '\\x00')`,
      [id, `notify-${round}`],
    );
    await eventually(async () => Boolean(await publishedAt(id)), 5_000, `outbox row ${round} published`);
    expect(Date.now() - started).toBeLessThan(5_000);
  }
});

/** Reads of the outbox table so far (sequential and index scans), as PostgreSQL counts them. */
const outboxScans = async () => {
  await other.query('select pg_stat_clear_snapshot()');
  const { rows } = await other.query<{ scans: string }>(
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
