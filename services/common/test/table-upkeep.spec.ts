import type { TestingModule } from '@nestjs/testing';
import { Client } from 'pg';
import { CONFIG } from '../src/config/config';
import { migrate } from '../src/database/database';
import { TableUpkeep } from '../src/database/table-upkeep';
import { createDatabaseContext, createTestDatabase, eventually, type TestDatabase } from '../src/testing';

let database: TestDatabase;
let client: Client;
let context: TestingModule | undefined;

beforeAll(async () => {
  database = await createTestDatabase('table_upkeep');
  await migrate({ url: database.url, migrations: [] });
  client = new Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await context?.close();
  await client?.end();
  await database?.drop();
});

const stats = async () => {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{
    dead: string;
    vacuumed: boolean;
    analyzed: boolean;
    rows: number;
    passes: string;
  }>(
    `select s.n_dead_tup as dead, s.last_vacuum is not null as vacuumed, s.vacuum_count + s.analyze_count as passes,
            s.last_analyze is not null as analyzed, c.reltuples as rows
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'plays'`,
  );
  return rows[0]!;
};

test('tables past autovacuum’s thresholds are vacuumed and analyzed when the server does not', async () => {
  await client.query('create table plays (id int primary key, done boolean not null default false)');
  await client.query('insert into plays (id) select generate_series(1, 5000)');
  await client.query('update plays set done = true');
  const { rows } = await client.query<{ on: boolean }>(`select current_setting('autovacuum') = 'on' as on`);
  context = await createDatabaseContext({ url: database.url, migrations: [] }, [
    { provide: CONFIG, useValue: { TABLE_UPKEEP_MS: 200 } },
    TableUpkeep,
  ]);
  if (rows[0]!.on) {
    // The server keeps its own tables: the upkeep stands down at its first pass.
    await expect(context.get(TableUpkeep).run()).resolves.toBe(false);
    return;
  }
  // VACUUM (ANALYZE) reports its vacuum before its analyze has run: a read between sees only the
  // first, so both are waited for.
  await eventually(
    async () => {
      const now = await stats();
      return now.vacuumed && now.analyzed;
    },
    10_000,
    'plays vacuumed and analyzed',
  );
  const after = await stats();
  expect(after).toMatchObject({ analyzed: true, dead: '0' });
  // The planner now knows the table's size (it was never analyzed: reltuples -1).
  expect(Number(after.rows)).toBe(5000);
  // Below the thresholds again, a pass leaves it alone.
  await expect(context.get(TableUpkeep).run()).resolves.toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await stats()).passes).toBe(after.passes);
});
