// admin.film-reviewed.v1 through Kafka into catalog: a pending film is published or archived once,
// with catalog.film-status-changed.v1 (and the reason) in its outbox; replays, second decisions and
// films that are not pending change nothing.
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { timestampNow } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, migrate } from '@kinora/common';
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
  FilmReviewedSchema,
  FilmStatus,
  FilmStatusChangedSchema,
  topicOf,
} from '@kinora/proto';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let sut: NestFastifyApplication;
let db: Client;
let producer: Producer;
let creatorId: number;

const CREATOR_USER = '11111111-1111-4111-8111-111111111111';
const REVIEWER = '33333333-3333-4333-8333-333333333333';

beforeAll(async () => {
  [database, kafka] = await Promise.all([createTestDatabase('catalog_film_reviewed'), createTestKafka(1)]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const env = serviceEnv({
    port: 1,
    database,
    kafka,
    redis,
    extra: { LOG_LEVEL: 'silent', MEDIA_ROOT: tmpdir() },
  });
  sut = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env)));
  db = new Client({ connectionString: database.url });
  await db.connect();
  const { rows } = await db.query<{ id: number }>(
    `insert into creators (user_id, bio) values ($1, 'Films.') returning id`,
    [CREATOR_USER],
  );
  creatorId = rows[0]!.id;
  producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
});

afterAll(async () => {
  await producer?.disconnect();
  await db?.end();
  await sut?.close();
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

async function film(title: string, status: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into films (title, description, genre, language, duration_minutes, release_year, creator_id, status,
       video_url, poster_url, created_at, published_at)
     values ($1, 'About light.', 'Drama', 'English', 14, 2025, $2, $3, '/media/films/x/master.m3u8',
       '/media/films/x/poster.jpg', '2026-11-01T09:00:00Z', case when $3 = 'published' then '2026-11-02T00:00:00Z'::timestamptz end)
     returning id`,
    [title, creatorId, status],
  );
  return rows[0]!.id;
}

/** Publishes admin's decisions (each listed message sent as often as listed) and waits until processed. */
async function review(
  decisions: { filmId: number; decision: FilmStatus; reason?: string; eventId?: string }[],
) {
  const messages = decisions.map(({ filmId, decision, reason, eventId }) => {
    const id = eventId ?? randomUUID();
    const event = create(FilmReviewedSchema, {
      envelope: create(EnvelopeSchema, { eventId: id, occurredAt: timestampNow(), producer: 'admin' }),
      filmId: BigInt(filmId),
      decision,
      reason: reason ?? '',
      reviewerUserId: REVIEWER,
    });
    return { id, key: String(filmId), value: Buffer.from(toBinary(FilmReviewedSchema, event)) };
  });
  await producer.send({
    topic: `${kafka.prefix}${topicOf(FilmReviewedSchema)}`,
    messages: messages.map(({ key, value }) => ({ key, value })),
  });
  const ids = [...new Set(messages.map((message) => message.id))];
  await eventually(
    async () => {
      const { rows } = await db.query<{ count: number }>(
        `select count(*)::int as count from processed_events
          where handler = 'FilmReviewedHandler' and event_id = any($1::uuid[])`,
        [ids],
      );
      return rows[0]!.count === ids.length;
    },
    20_000,
    'the decisions processed',
  );
}

const filmRow = async (id: number) =>
  (
    await db.query<{ status: string; published_at: Date | null; moderation_reason: string | null }>(
      'select status, published_at, moderation_reason from films where id = $1',
      [id],
    )
  ).rows[0]!;

async function announced(id: number) {
  const { rows } = await db.query<{ payload: Buffer }>(
    `select payload from outbox where topic = $1 and key = $2 order by created_at`,
    [topicOf(FilmStatusChangedSchema), String(id)],
  );
  return rows.map((row) => fromBinary(FilmStatusChangedSchema, row.payload));
}

test('an approval publishes a pending film now and announces it with every detail', async () => {
  const id = await film('Harbor Lights', 'pending');
  const started = Date.now();
  await review([{ filmId: id, decision: FilmStatus.PUBLISHED }]);
  const row = await filmRow(id);
  expect(row.status).toBe('published');
  expect(row.moderation_reason).toBeNull();
  expect(new Date(row.published_at!).getTime()).toBeGreaterThanOrEqual(started - 5_000);
  const events = await announced(id);
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    filmId: BigInt(id),
    status: FilmStatus.PUBLISHED,
    previousStatus: FilmStatus.PENDING,
    title: 'Harbor Lights',
    creatorId: BigInt(creatorId),
    creatorUserId: CREATOR_USER,
    genre: 'Drama',
    durationMinutes: 14,
    description: 'About light.',
    language: 'English',
    releaseYear: 2025,
    videoUrl: '/media/films/x/master.m3u8',
    posterUrl: '/media/films/x/poster.jpg',
    reason: '',
  });
  expect(events[0]!.submittedAt?.seconds).toBe(BigInt(Date.parse('2026-11-01T09:00:00Z') / 1000));
});

test('a replay and a second decision change nothing', async () => {
  const id = await film('Once Only', 'pending');
  const eventId = randomUUID();
  await review([
    { filmId: id, decision: FilmStatus.PUBLISHED, eventId },
    { filmId: id, decision: FilmStatus.PUBLISHED, eventId },
  ]);
  const published = await filmRow(id);
  await review([
    { filmId: id, decision: FilmStatus.PUBLISHED },
    { filmId: id, decision: FilmStatus.ARCHIVED, reason: 'Too late' },
  ]);
  expect(await filmRow(id)).toStrictEqual(published);
  expect(await announced(id)).toHaveLength(1);
});

test('a rejection archives a pending film, keeps the reason and announces it', async () => {
  const id = await film('Static Noise', 'pending');
  await review([
    { filmId: id, decision: FilmStatus.ARCHIVED, reason: ' The voice of a real actor, without consent. ' },
  ]);
  expect(await filmRow(id)).toMatchObject({
    status: 'archived',
    published_at: null,
    moderation_reason: 'The voice of a real actor, without consent.',
  });
  const [event] = await announced(id);
  expect(event).toMatchObject({
    status: FilmStatus.ARCHIVED,
    previousStatus: FilmStatus.PENDING,
    reason: 'The voice of a real actor, without consent.',
  });
  // Not listed to the public.
  expect((await sut.inject({ method: 'GET', url: `/api/films/${id}` })).statusCode).toBe(404);
});

test('films that are not pending, and unknown films, are left alone', async () => {
  const published = await film('Already Out', 'published');
  const archived = await film('Long Gone', 'archived');
  const before = [await filmRow(published), await filmRow(archived)];
  await review([
    { filmId: published, decision: FilmStatus.ARCHIVED, reason: 'No' },
    { filmId: archived, decision: FilmStatus.PUBLISHED },
    { filmId: 999_999, decision: FilmStatus.PUBLISHED },
  ]);
  expect([await filmRow(published), await filmRow(archived)]).toStrictEqual(before);
  expect(await announced(published)).toHaveLength(0);
  expect(await announced(archived)).toHaveLength(0);
  expect(await announced(999_999)).toHaveLength(0);
  const dead = await db.query('select count(*)::int as n from dead_letters');
  expect(dead.rows[0].n).toBe(0);
});
