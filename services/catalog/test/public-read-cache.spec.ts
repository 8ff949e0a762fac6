// The public read cache against the real PostgreSQL (LISTEN/NOTIFY) and Kafka: two catalog
// replicas on one database, `cached` with the cache on and `uncached` with PUBLIC_READ_CACHE=off.
// Reads are counted at the prepared query builder (db.prepared), where every database read of the
// public path goes.
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampNow } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, loadConfig, migrate, QUERY_DB } from '@kinora/common';
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
import {
  EnvelopeSchema,
  FilmRatingChangedSchema,
  FilmReviewedSchema,
  FilmStatus,
  topicOf,
  ViewQualifiedSchema,
} from '@kinora/proto';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';
import type { FilmDto } from '../src/films/film.mapper';
import type { Db } from '../src/db';
import { PublicReadCache } from '../src/reads/public-read-cache';
import { PublicReadsRepository } from '../src/reads/public-reads.repository';

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let cached: NestFastifyApplication;
let uncached: NestFastifyApplication;
let db: Client;
let producer: Producer;
const ids: Record<string, number> = {};

const OWNER = '11111111-1111-4111-8111-111111111111';
const OTHER_CREATOR = '22222222-2222-4222-8222-222222222222';
const MEMBER = '44444444-4444-4444-8444-444444444444';
const owner = { 'x-user-id': OWNER, 'x-user-roles': 'creator' };
const otherCreator = { 'x-user-id': OTHER_CREATOR, 'x-user-roles': 'creator' };
const member = { 'x-user-id': MEMBER };
const memberCritic = { 'x-user-id': MEMBER, 'x-user-roles': 'critic' };
const admin = { 'x-user-id': '33333333-3333-4333-8333-333333333333', 'x-user-roles': 'admin' };

function env(extra: Record<string, string> = {}) {
  return serviceEnv({
    port: 1,
    database,
    kafka,
    redis,
    extra: { LOG_LEVEL: 'silent', MEDIA_ROOT: tmpdir(), ...extra },
  });
}

beforeAll(async () => {
  [database, kafka] = await Promise.all([createTestDatabase('catalog_public_reads'), createTestKafka(1)]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  cached = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env())));
  uncached = await createTestApp(
    AppModule.forRoot(loadConfig(configSchema, env({ PUBLIC_READ_CACHE: 'off' }))),
  );
  db = new Client({ connectionString: database.url });
  await db.connect();
  producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();

  await db.query(
    `insert into known_users (id, email, first_name, last_name, registered_at) values
       ($1, 'ada@example.com', 'Ada', 'Vale', now()), ($2, 'bo@example.com', 'Bo', 'Reyes', now())`,
    [OWNER, OTHER_CREATOR],
  );
  const creators = await db.query<{ id: number }>(
    `insert into creators (user_id, bio) values ($1, 'Fractals.'), ($2, 'Automata.') returning id`,
    [OWNER, OTHER_CREATOR],
  );
  ids.ada = creators.rows[0]!.id;
  for (const [key, title, status] of [
    ['shown', 'Open Sky', 'published'],
    ['pending', 'Secret Draft', 'pending'],
    ['toPublish', 'Waiting Room', 'pending'],
    ['toArchive', 'Last Light', 'published'],
  ] as const) {
    const { rows } = await db.query<{ id: number }>(
      `insert into films (title, description, genre, language, duration_minutes, release_year, creator_id,
         status, published_at, video_url, poster_url)
       values ($1, 'A film.', 'Drama', 'English', 10, 2025, $2, $3, case when $3 = 'published' then now() end,
         '/media/films/x/master.m3u8', '/media/films/x/poster.jpg') returning id`,
      [title, ids.ada, status],
    );
    ids[key] = rows[0]!.id;
  }
  await eventually(async () => cached.get(PublicReadCache).active, 10_000, 'the cache to listen');
});

afterAll(async () => {
  await producer?.disconnect();
  await db?.end();
  await Promise.allSettled([cached?.close(), uncached?.close()]);
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

/**
 * Waits until the notifications of earlier writes (set-up, earlier tests) have all reached the
 * cache: they arrive asynchronously, a few milliseconds after each commit, and empty it.
 */
async function quiet(): Promise<void> {
  const clears = jest.spyOn(cached.get(PublicReadCache), 'clear');
  let seen = -1;
  while (seen !== clears.mock.calls.length) {
    seen = clears.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  clears.mockRestore();
}

beforeEach(async () => {
  jest.restoreAllMocks();
  await quiet();
  cached.get(PublicReadCache).clear();
});

const get = (app: NestFastifyApplication, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const titles = async (app: NestFastifyApplication, url: string, headers: Record<string, string> = {}) =>
  ((await get(app, url, headers)).json() as FilmDto[]).map((film) => film.title);
/** Counts the database reads an app makes from now on. */
const countReads = (app: NestFastifyApplication) =>
  jest.spyOn(app.get<symbol, Db>(QUERY_DB).prepared.getExecutor(), 'executeQuery');

const envelope = () =>
  create(EnvelopeSchema, { eventId: randomUUID(), occurredAt: timestampNow(), producer: 'test' });

async function publish(topic: string, key: number, value: Uint8Array): Promise<void> {
  await producer.send({
    topic: `${kafka.prefix}${topic}`,
    messages: [{ key: String(key), value: Buffer.from(value) }],
  });
}

describe('what the cache serves', () => {
  test('a public read is made once, then served from memory to anonymous visitors and members', async () => {
    const reads = countReads(cached);
    const first = await get(cached, '/api/films?limit=100');
    expect(first.statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
    for (const headers of [{}, member, memberCritic]) {
      const again = await get(cached, '/api/films?limit=100', headers);
      expect(again.body).toBe(first.body);
    }
    // The same query written differently is the same read.
    await get(cached, '/api/films?limit=100&sort=featured&offset=0&genre=');
    expect(reads).toHaveBeenCalledTimes(1);
    // The cached answer is the one the database gives.
    expect((await get(uncached, '/api/films?limit=100')).body).toBe(first.body);
  });

  test('concurrent misses of one read make one query', async () => {
    const reads = countReads(cached);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(cached, `/api/films/${ids.shown}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toStrictEqual(Array(8).fill(200));
    expect(reads).toHaveBeenCalledTimes(1);
  });

  test("a creator's unpublished film is never served to anyone else, whichever reads first", async () => {
    const urls = ['/api/films?limit=100', `/api/films/${ids.pending}`, `/api/creators/${ids.ada}`];
    const seesDraft = async (headers: Record<string, string>) =>
      Promise.all(urls.map((url) => get(cached, url, headers).then((r) => r.body.includes('Secret Draft'))));

    expect(await seesDraft({})).toStrictEqual([false, false, false]);
    expect(await seesDraft(owner)).toStrictEqual([true, true, true]);
    expect(await seesDraft(admin)).toStrictEqual([true, true, true]);
    for (const headers of [{}, member, memberCritic, otherCreator]) {
      expect(await seesDraft(headers)).toStrictEqual([false, false, false]);
    }
    expect((await get(cached, `/api/films/${ids.pending}`, member)).statusCode).toBe(404);

    cached.get(PublicReadCache).clear();
    expect(await seesDraft(owner)).toStrictEqual([true, true, true]);
    expect(await seesDraft({})).toStrictEqual([false, false, false]);
  });

  test('creator and admin reads bypass the cache: always read, never kept', async () => {
    const cache = cached.get(PublicReadCache);
    const reads = countReads(cached);
    for (const headers of [owner, admin, owner, admin]) {
      expect((await get(cached, '/api/films/trending', headers)).statusCode).toBe(200);
      expect((await get(cached, '/api/creators', headers)).statusCode).toBe(200);
    }
    expect(cache.size).toBe(0);
    // trending: 1 read; creators: the creators, then their films.
    expect(reads).toHaveBeenCalledTimes(4 * 3);
  });

  test('errors are not kept: an unknown film is looked up each time', async () => {
    const reads = countReads(cached);
    expect((await get(cached, '/api/films/999999')).statusCode).toBe(404);
    expect((await get(cached, '/api/films/999999')).statusCode).toBe(404);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});

describe('changes are visible on the next read', () => {
  test('an edit over HTTP: at once on the replica that made it, on the others when the database tells them', async () => {
    expect(await titles(cached, '/api/films?limit=100')).toContain('Open Sky');
    expect(await titles(uncached, '/api/films?limit=100')).toContain('Open Sky');

    const edited = await cached.inject({
      method: 'PATCH',
      url: `/api/studio/films/${ids.shown}`,
      headers: owner,
      payload: { title: 'Open Sky at Dusk' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await titles(cached, '/api/films?limit=100')).toContain('Open Sky at Dusk');

    // Edited through the other replica: this one hears of it through NOTIFY.
    const again = await uncached.inject({
      method: 'PATCH',
      url: `/api/studio/films/${ids.shown}`,
      headers: owner,
      payload: { title: 'Open Sky' },
    });
    expect(again.statusCode).toBe(200);
    await eventually(
      async () => (await titles(cached, '/api/films?limit=100')).includes('Open Sky'),
      5_000,
      'the edit through the other replica',
    );
  });

  test("a moderator's decision (admin.film-reviewed.v1): publish and archive", async () => {
    expect(await titles(cached, '/api/films?limit=100')).not.toContain('Waiting Room');
    expect((await get(cached, `/api/films/${ids.toPublish}`)).statusCode).toBe(404);
    expect(await titles(cached, '/api/films?limit=100')).toContain('Last Light');
    expect((await get(cached, `/api/films/${ids.toArchive}`)).statusCode).toBe(200);

    const decision = create(FilmReviewedSchema, {
      envelope: envelope(),
      filmId: BigInt(ids.toPublish!),
      decision: FilmStatus.PUBLISHED,
      reviewerUserId: admin['x-user-id'],
    });
    await publish(topicOf(FilmReviewedSchema), ids.toPublish!, toBinary(FilmReviewedSchema, decision));
    await eventually(
      async () => (await titles(cached, '/api/films?limit=100')).includes('Waiting Room'),
      10_000,
      'the published film in the list',
    );
    expect((await get(cached, `/api/films/${ids.toPublish}`)).statusCode).toBe(200);

    // Archived by another process on the database: no HTTP write of a replica clears anything.
    await db.query(`update films set status = 'archived' where id = $1`, [ids.toArchive]);
    await eventually(
      async () => !(await titles(cached, '/api/films?limit=100')).includes('Last Light'),
      5_000,
      'the archived film gone from the list',
    );
    expect((await get(cached, `/api/films/${ids.toArchive}`)).statusCode).toBe(404);
  });

  test('a rating event (social.film-rating-changed.v1) updates cached films and creator pages', async () => {
    const film = async () => (await get(cached, `/api/films/${ids.shown}`)).json() as FilmDto;
    const profile = async () =>
      (await get(cached, `/api/creators/${ids.ada}`)).json() as { stats: { averageRating: number } };
    expect((await film()).reviewCount).toBe(0);
    expect((await profile()).stats.averageRating).toBe(0);

    const rating = create(FilmRatingChangedSchema, {
      envelope: envelope(),
      filmId: BigInt(ids.shown!),
      ratingSum: 17n,
      reviewCount: 2,
      version: 1n,
    });
    await publish(topicOf(FilmRatingChangedSchema), ids.shown!, toBinary(FilmRatingChangedSchema, rating));
    await eventually(async () => (await film()).reviewCount === 2, 10_000, 'the new rating');
    expect((await film()).rating).toBe('8.5');
    expect((await profile()).stats.averageRating).toBe(8.5);
  });

  test('a qualified viewing session (analytics.view-qualified.v1) counts once and shows in the next read', async () => {
    const views = async () => ((await get(cached, `/api/films/${ids.shown}`)).json() as FilmDto).viewCount;
    const before = await views();
    // Play presses count nothing: views are qualified sessions.
    const pressed = await cached.inject({
      method: 'POST',
      url: `/api/films/${ids.shown}/view`,
      headers: member,
    });
    expect(pressed.json()).toStrictEqual({ counted: false, viewCount: before });
    const sessionId = randomUUID();
    const qualified = (session = sessionId, filmId = ids.shown!) =>
      toBinary(
        ViewQualifiedSchema,
        create(ViewQualifiedSchema, {
          envelope: envelope(),
          sessionId: session,
          filmId: BigInt(filmId),
          qualifiedAt: timestampNow(),
        }),
      );
    // The same session twice, under two event ids (a producer retry after a crash), counts once.
    await publish(topicOf(ViewQualifiedSchema), ids.shown!, qualified());
    await publish(topicOf(ViewQualifiedSchema), ids.shown!, qualified());
    // Then a view of another film: views apply in their partition's order (one partition here) and
    // leave no ledger, so once this one is recorded both deliveries before it are through.
    const later = randomUUID();
    await publish(topicOf(ViewQualifiedSchema), ids.pending!, qualified(later, ids.pending!));
    await eventually(async () => (await views()) === before + 1, 10_000, 'the qualified view');
    const [row] = (
      await db.query('select count(*)::int as n from film_views where session_id = $1', [sessionId])
    ).rows;
    await eventually(
      async () => (await db.query('select 1 from film_views where session_id = $1', [later])).rowCount === 1,
      10_000,
      'both deliveries applied',
    );
    expect(row.n).toBe(1);
    expect(await views()).toBe(before + 1);
  });

  test('losing the listening connection empties the cache and bypasses it until listening again', async () => {
    const cache = cached.get(PublicReadCache);
    await get(cached, '/api/films?limit=100');
    expect(cache.size).toBe(1);
    const killed = await db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen catalog_changed'`,
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(1);
    await eventually(async () => !cache.active, 5_000, 'the loss to be noticed');
    expect(cache.size).toBe(0);
    const reads = countReads(cached);
    await get(cached, '/api/films?limit=100');
    await get(cached, '/api/films?limit=100');
    expect(reads).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);

    await eventually(async () => cache.active, 10_000, 'listening again');
    await get(cached, '/api/films?limit=100');
    await get(cached, '/api/films?limit=100');
    expect(reads).toHaveBeenCalledTimes(3);
  });
});

describe('when the cache is off', () => {
  test('every read goes to the database and nothing listens', async () => {
    const cache = uncached.get(PublicReadCache);
    expect(cache.enabled).toBe(false);
    expect(cache.active).toBe(false);
    const reads = countReads(uncached);
    await get(uncached, '/api/films?limit=100');
    await get(uncached, '/api/films?limit=100');
    await get(uncached, `/api/films/${ids.shown}`);
    await get(uncached, `/api/films/${ids.shown}`);
    expect(reads).toHaveBeenCalledTimes(4);
    expect(cache.size).toBe(0);
    const listeners = await db.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query = 'listen catalog_changed'`,
    );
    expect(listeners.rows[0].n).toBe(1); // the cached replica's only
  });

  test('a database without the change triggers (migrations not applied) gets no cache', async () => {
    await db.query('drop trigger films_changed on films');
    const sut = new PublicReadCache(loadConfig(configSchema, env()), cached.get(PublicReadsRepository));
    try {
      await sut.onApplicationBootstrap();
      expect(sut.enabled).toBe(true);
      expect(sut.active).toBe(false);
      const load = jest.fn(async () => ({ films: [] }));
      await sut.read(null, 'key', load);
      await sut.read(null, 'key', load);
      expect(load).toHaveBeenCalledTimes(2);
      expect(load).toHaveBeenCalledWith(null);
    } finally {
      await sut.beforeApplicationShutdown();
    }
  });

  test('the setting is validated at boot', () => {
    expect(() => loadConfig(configSchema, env({ PUBLIC_READ_CACHE: 'maybe' }))).toThrow(ConfigError);
    expect(loadConfig(configSchema, env()).PUBLIC_READ_CACHE).toBe('on');
  });
});
