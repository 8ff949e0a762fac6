import { EntityManager } from '@mikro-orm/postgresql';
import type { TestingModule } from '@nestjs/testing';
import { Client } from 'pg';
import { compiledRead, compiledShapes } from '../src/database/compiled-read';
import { migrate } from '../src/database/database';
import { QUERY_DB, type QueryDb } from '../src/database/query-db';
import { createDatabaseContext, createTestDatabase, type TestDatabase } from '../src/testing';

interface DB {
  notes: { id: number; owner: string; status: string; body: string };
}

let database: TestDatabase;
let context: TestingModule;
let db: QueryDb<DB>;

/** The connections' prepared statements of the test database, by statement text. */
async function preparedTexts(): Promise<string[]> {
  const rows = await db
    .selectFrom('pg_prepared_statements' as never)
    .select('statement' as never)
    .execute();
  return rows.map((row) => (row as { statement: string }).statement);
}

beforeAll(async () => {
  database = await createTestDatabase('compiled_read');
  const options = { url: database.url, migrations: [] };
  await migrate(options);
  const client = new Client({ connectionString: database.url });
  await client.connect();
  await client.query(`create table notes (id int primary key, owner text not null, status text not null,
    body text not null)`);
  await client.query(`insert into notes values (1, 'ada', 'published', 'one'), (2, 'ada', 'draft', 'two'),
    (3, 'ada', 'published', 'three'), (4, 'bo', 'published', 'four'), (5, 'ada', 'published', 'five')`);
  await client.end();
  context = await createDatabaseContext(options, []);
  db = context.get(QUERY_DB);
});

afterAll(async () => {
  await context?.close();
  await database?.drop();
});

const publishedOf = () =>
  compiledRead(db, (p: { owner: string; limit: number; offset: number }) =>
    db
      .selectFrom('notes')
      .select(['id', 'body'])
      .where('owner', '=', p.owner)
      .where('status', '=', 'published')
      .orderBy('id')
      .limit(p.limit)
      .offset(p.offset),
  );

it('runs with each call its own values, keeping the values written into the query', async () => {
  const read = publishedOf();
  await expect(read({ owner: 'ada', limit: 10, offset: 0 })).resolves.toEqual([
    { id: 1, body: 'one' },
    { id: 3, body: 'three' },
    { id: 5, body: 'five' },
  ]);
  await expect(read({ owner: 'ada', limit: 1, offset: 1 })).resolves.toEqual([{ id: 3, body: 'three' }]);
  await expect(read({ owner: 'bo', limit: 10, offset: 0 })).resolves.toEqual([{ id: 4, body: 'four' }]);
  await expect(read({ owner: 'cy', limit: 10, offset: 0 })).resolves.toEqual([]);
});

it('answers what the same query built for each call answers', async () => {
  const read = publishedOf();
  for (const [owner, limit, offset] of [
    ['ada', 2, 0],
    ['ada', 2, 2],
    ['bo', 1, 0],
  ] as const) {
    const built = await db
      .selectFrom('notes')
      .select(['id', 'body'])
      .where('owner', '=', owner)
      .where('status', '=', 'published')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    await expect(read({ owner, limit, offset })).resolves.toEqual(built);
  }
});

it('runs as a named prepared statement', async () => {
  const read = compiledRead(db, (p: { id: number }) =>
    db.selectFrom('notes').select('body').where('id', '=', p.id).where('body', '!=', 'never'),
  );
  // One connection, so the statement and the look-up meet on it.
  await context
    .get(EntityManager)
    .fork()
    .transactional(async () => {
      await expect(read({ id: 2 })).resolves.toEqual([{ body: 'two' }]);
      expect((await preparedTexts()).filter((text) => text.includes('"body" != $2'))).toHaveLength(1);
    });
});

it('reads inside the transaction it is called in', async () => {
  const read = compiledRead(db, (p: { id: number }) =>
    db.selectFrom('notes').select('body').where('id', '=', p.id),
  );
  await context
    .get(EntityManager)
    .fork()
    .transactional(async () => {
      await db.updateTable('notes').set({ body: 'changed' }).where('id', '=', 1).execute();
      await expect(read({ id: 1 })).resolves.toEqual([{ body: 'changed' }]);
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await expect(read({ id: 1 })).resolves.toEqual([{ body: 'one' }]);
});

it('builds each shape once and runs it with each call its own values', async () => {
  const built: string[] = [];
  const read = compiledShapes(
    db,
    (shape: { owner: boolean; newestFirst: boolean }) => `${shape.owner}.${shape.newestFirst}`,
    (shape, p: { owner: string; limit: number }) => {
      built.push(`${shape.owner}.${shape.newestFirst}`);
      return db
        .selectFrom('notes')
        .select('id')
        .where('status', '=', 'published')
        .$if(shape.owner, (q) => q.where('owner', '=', p.owner))
        .orderBy('id', shape.newestFirst ? 'desc' : 'asc')
        .limit(p.limit);
    },
  );
  const ids = async (shape: { owner: boolean; newestFirst: boolean }, owner: string, limit: number) =>
    (await read(shape, { owner, limit })).map((row) => row.id);
  expect(await ids({ owner: true, newestFirst: false }, 'ada', 10)).toEqual([1, 3, 5]);
  expect(await ids({ owner: true, newestFirst: true }, 'ada', 2)).toEqual([5, 3]);
  expect(await ids({ owner: true, newestFirst: false }, 'bo', 10)).toEqual([4]);
  expect(await ids({ owner: false, newestFirst: true }, 'unused', 10)).toEqual([5, 4, 3, 1]);
  expect(await ids({ owner: true, newestFirst: true }, 'ada', 1)).toEqual([5]);
  expect(built).toEqual(['true.false', 'true.true', 'false.true']);
});
