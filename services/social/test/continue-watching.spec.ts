// Continue Watching through Kafka: analytics.watch-progress-changed.v1 and
// analytics.watch-history-cleared.v1 keep members' continue_watching entries. Events arrive late,
// twice or out of order: the newest watched progress wins, a finished film leaves the list until it
// is watched again, and a cleared history stays cleared.
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { KafkaService } from '@kinora/common';
import { eventually, eventsConsumed, startTestService, type TestService } from '@kinora/common/testing';
import {
  EnvelopeSchema,
  topicOf,
  WatchHistoryClearedSchema,
  WatchProgressChangedSchema,
} from '@kinora/proto';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import { ContinueWatchingRepository } from '../src/lists/continue-watching.repository';
import type { ListEntryDto } from '../src/lists/dto/list-entry.dto';
import { WatchProgressChangedConsumer } from '../src/lists/watch-progress-changed.consumer';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;
let kafkaService: KafkaService;

const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const CY = '33333333-3333-4333-8333-333333333333';
const DEE = '55555555-5555-4555-8555-555555555555';
const EVE = '66666666-6666-4666-8666-666666666666';
const FAY = '77777777-7777-4777-8777-777777777777';
/** Sent after every batch, on each topic used: once it is processed, the batch before it is. */
const SENTINEL = '99999999-9999-4999-8999-999999999999';
const TIDAL = 401;
const LOOP = 402;
const EMBER = 403;
const PENDING = 404;
const UNKNOWN = 405;

const BASE = Date.parse('2026-11-20T12:00:00Z');
/** A moment `minutes` after the base time, when a member watched. */
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

const PROGRESS_TOPIC = topicOf(WatchProgressChangedSchema);
const CLEARED_TOPIC = topicOf(WatchHistoryClearedSchema);

interface Outgoing {
  id: string;
  topic: string;
  key: string;
  value: Buffer;
}

const envelope = (id: string) =>
  create(EnvelopeSchema, { eventId: id, occurredAt: timestampFromDate(new Date()), producer: 'analytics' });

function progress(
  userId: string,
  filmId: number,
  watchedAt: Date,
  position: number,
  { duration = 0, finished = false, id = randomUUID() } = {},
): Outgoing {
  const event = create(WatchProgressChangedSchema, {
    envelope: envelope(id),
    userId,
    filmId: BigInt(filmId),
    positionSeconds: position,
    durationSeconds: duration,
    finished,
    watchedAt: timestampFromDate(watchedAt),
  });
  return {
    id,
    topic: PROGRESS_TOPIC,
    key: userId,
    value: Buffer.from(toBinary(WatchProgressChangedSchema, event)),
  };
}

function cleared(userId: string, clearedAt: Date, id = randomUUID()): Outgoing {
  const event = create(WatchHistoryClearedSchema, {
    envelope: envelope(id),
    userId,
    clearedAt: timestampFromDate(clearedAt),
  });
  return {
    id,
    topic: CLEARED_TOPIC,
    key: userId,
    value: Buffer.from(toBinary(WatchHistoryClearedSchema, event)),
  };
}

/** Each send's progress sentinel is for a film of its own, so its mark shows it was applied. */
let sentinelFilm = 10_000;

/**
 * Sends the messages in order (one partition per topic, one request per topic) and waits until
 * social applied them: each topic used gets a sentinel event last, so duplicates, which leave no
 * trace, are through as well. Progress is applied a batch at a time in offset order, without a
 * ledger: the sentinel's mark shows that everything before it is applied; clears are in the ledger.
 */
async function send(...messages: Outgoing[]): Promise<void> {
  const topics = [...new Set(messages.map((message) => message.topic))];
  const film = ++sentinelFilm;
  const sentinels = topics.map((topic) =>
    topic === CLEARED_TOPIC ? cleared(SENTINEL, at(0)) : progress(SENTINEL, film, at(1), 1),
  );
  // The service's own producer, onto its (prefixed) topics: the same path analytics' events take.
  const producer = await kafkaService.producer();
  for (const topic of topics) {
    await producer.send({
      topic: kafkaService.topic(topic),
      messages: [...messages, ...sentinels]
        .filter((message) => message.topic === topic)
        .map((message) => ({ key: message.key, value: message.value })),
    });
  }
  const clears = [...messages, ...sentinels].filter((message) => message.topic === CLEARED_TOPIC);
  const ids = [...new Set(clears.map((message) => message.id))];
  await eventually(
    async () => {
      const { rows: dead } = await db.query<{ error: string }>('select error from dead_letters');
      if (dead.length > 0) throw new Error(`dead-lettered: ${dead.map((row) => row.error).join('; ')}`);
      const { rows } = await db.query<{ count: number }>(
        `select count(*)::int as count from processed_events
          where handler = 'WatchHistoryClearedHandler' and event_id = any($1::uuid[])`,
        [ids],
      );
      const { rowCount: marked } = await db.query(
        'select 1 from watch_progress_marks where user_id = $1 and film_id = $2',
        [SENTINEL, film],
      );
      return rows[0]!.count === ids.length && (!topics.includes(PROGRESS_TOPIC) || marked === 1);
    },
    20_000,
    'the events applied',
  );
}

const read = async (userId: string) => {
  const response = await sut.inject({
    method: 'GET',
    url: '/api/user/lists/continue_watching',
    headers: { 'x-user-id': userId },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as ListEntryDto[];
};
/** The member's entries as [filmId, progressSeconds, durationSeconds], as the list answers them. */
const entries = async (userId: string) =>
  (await read(userId)).map((entry) => [entry.filmId, entry.progressSeconds, entry.durationSeconds]);
/** The member's stored entries, films social does not show included. */
const stored = async (userId: string) =>
  (
    await db.query<{ film_id: number; progress_seconds: number; progress_at: Date }>(
      `select film_id, progress_seconds, progress_at from list_entries
        where user_id = $1 and list_type = 'continue_watching' order by film_id`,
      [userId],
    )
  ).rows;

/** The ids of the member's entries by film. */
const entryIds = async (userId: string) =>
  new Map(
    (
      await db.query<{ film_id: number; id: number }>(
        `select film_id, id from list_entries where user_id = $1 and list_type = 'continue_watching'`,
        [userId],
      )
    ).rows.map((row) => [row.film_id, row.id]),
  );
/**
 * The member's entries and marks, each entry saying whether it is still the one `before` had (not
 * dropped and made anew).
 */
async function state(userId: string, before: Map<number, number>) {
  const { rows: listed } = await db.query<{ id: number; film_id: number }>(
    `select id, film_id, progress_seconds, duration_seconds, progress_at from list_entries
      where user_id = $1 and list_type = 'continue_watching' order by film_id`,
    [userId],
  );
  const { rows: marks } = await db.query(
    'select film_id, watched_at from watch_progress_marks where user_id = $1 order by film_id',
    [userId],
  );
  const entries = listed.map(({ id, ...entry }) => ({ ...entry, kept: before.get(entry.film_id) === id }));
  return { entries, marks };
}

beforeAll(async () => {
  service = await startTestService({
    name: 'continue_watching',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
  });
  ({ api: sut, db } = service);
  await db.query(
    `insert into films (id, status, title, genre, duration_minutes, poster_url, creator_id, updated_at) values
       ($1, 'published', 'Tidal', 'Drama', 12, '/media/posters/401.jpg', 9, now()),
       ($2, 'published', 'Loop', 'Sci-Fi', 7, null, 9, now()),
       ($3, 'published', 'Ember', 'Horror', 15, null, 9, now()),
       ($4, 'pending', 'Soon', 'Drama', 9, null, 9, now())`,
    [TIDAL, LOOP, EMBER, PENDING],
  );
  kafkaService = sut.get(KafkaService);
});

afterAll(async () => {
  await service?.close();
});

test('progress creates the entry with the rounded position and the probed length', async () => {
  expect(await read(ADA)).toStrictEqual([]);
  await send(progress(ADA, TIDAL, at(10), 95.6, { duration: 720.5 }));
  const [entry] = await read(ADA);
  expect(entry).toMatchObject({
    filmId: TIDAL,
    listType: 'continue_watching',
    progressSeconds: 96,
    durationSeconds: 720.5,
    film: { id: TIDAL, title: 'Tidal', durationMinutes: 12, posterUrl: '/media/posters/401.jpg' },
  });
  expect(Object.keys(entry!).sort()).toStrictEqual([
    'createdAt',
    'durationSeconds',
    'film',
    'filmId',
    'id',
    'listType',
    'progressSeconds',
  ]);
  expect((await stored(ADA))[0]!.progress_at).toStrictEqual(at(10));
  // Another member's progress is theirs only.
  expect(await read(BO)).toStrictEqual([]);
});

test('newer progress moves the entry on; a late older one and an unknown length change nothing', async () => {
  await send(progress(ADA, TIDAL, at(20), 300, { duration: 0 }));
  // The length known from earlier progress is kept when an event does not know it.
  expect(await entries(ADA)).toStrictEqual([[TIDAL, 300, 720.5]]);
  await send(progress(ADA, TIDAL, at(15), 200, { duration: 720.5 }));
  expect(await entries(ADA)).toStrictEqual([[TIDAL, 300, 720.5]]);
  expect((await stored(ADA))[0]!.progress_at).toStrictEqual(at(20));
});

test('a duplicated event, or another one watched at the same moment, is a no-op', async () => {
  const newest = progress(ADA, TIDAL, at(30), 400, { duration: 720.5 });
  await send(newest, newest);
  expect(await entries(ADA)).toStrictEqual([[TIDAL, 400, 720.5]]);
  await send(newest, progress(ADA, TIDAL, at(30), 10, { duration: 720.5 }));
  expect(await entries(ADA)).toStrictEqual([[TIDAL, 400, 720.5]]);
});

test('finishing removes the entry; older progress arriving late does not bring it back', async () => {
  await send(progress(ADA, TIDAL, at(40), 690, { duration: 720.5, finished: true }));
  expect(await read(ADA)).toStrictEqual([]);
  expect(await stored(ADA)).toStrictEqual([]);
  await send(progress(ADA, TIDAL, at(35), 500, { duration: 720.5 }));
  expect(await read(ADA)).toStrictEqual([]);
});

test('watching the film again after finishing brings it back', async () => {
  await send(progress(ADA, TIDAL, at(50), 30, { duration: 720.5 }));
  expect(await entries(ADA)).toStrictEqual([[TIDAL, 30, 720.5]]);
  await send(progress(ADA, TIDAL, at(45), 700, { duration: 720.5, finished: true }));
  expect(await entries(ADA)).toStrictEqual([[TIDAL, 30, 720.5]]);
});

test('a finish for a film never listed keeps older progress of it out', async () => {
  await send(progress(DEE, LOOP, at(10), 400, { finished: true }));
  await send(progress(DEE, LOOP, at(5), 100));
  expect(await read(DEE)).toStrictEqual([]);
  await send(progress(DEE, LOOP, at(11), 2));
  expect(await entries(DEE)).toStrictEqual([[LOOP, 2, null]]);
});

test('the list answers most recently watched first, not in the order entries were added', async () => {
  await send(
    progress(BO, TIDAL, at(10), 60, { duration: 720 }),
    progress(BO, LOOP, at(30), 70, { duration: 420 }),
    progress(BO, EMBER, at(20), 80),
  );
  expect(await entries(BO)).toStrictEqual([
    [LOOP, 70, 420],
    [EMBER, 80, null],
    [TIDAL, 60, 720],
  ]);
  // Watching Tidal again puts it first.
  await send(progress(BO, TIDAL, at(40), 90, { duration: 720 }));
  expect((await entries(BO)).map(([filmId]) => filmId)).toStrictEqual([TIDAL, LOOP, EMBER]);
  const page = await sut.inject({
    method: 'GET',
    url: '/api/user/lists/continue_watching?limit=1&offset=1',
    headers: { 'x-user-id': BO },
  });
  expect((page.json() as ListEntryDto[]).map((entry) => entry.filmId)).toStrictEqual([LOOP]);
});

test('films the films read model does not know, or not published, are kept but shown only once published', async () => {
  await send(progress(CY, UNKNOWN, at(10), 50, { duration: 600 }), progress(CY, PENDING, at(11), 40));
  expect(await read(CY)).toStrictEqual([]);
  expect((await stored(CY)).map((row) => row.film_id)).toStrictEqual([PENDING, UNKNOWN]);
  await db.query(`update films set status = 'published' where id = $1`, [PENDING]);
  await db.query(
    `insert into films (id, status, title, genre, duration_minutes, poster_url, creator_id, updated_at)
     values ($1, 'published', 'Late', 'Drama', 10, null, 9, now())`,
    [UNKNOWN],
  );
  expect(await entries(CY)).toStrictEqual([
    [PENDING, 40, null],
    [UNKNOWN, 50, 600],
  ]);
});

test('clearing the history removes entries watched up to then, and keeps later progress up to then out', async () => {
  // Bo: Tidal at 40, Loop at 30, Ember at 20. Cleared at 30: only Tidal stays.
  await send(cleared(BO, at(30)));
  expect(await entries(BO)).toStrictEqual([[TIDAL, 90, 720]]);
  // Progress watched before the clear arrives late, for a film listed before and for a new one.
  await send(
    progress(BO, LOOP, at(25), 100),
    progress(BO, PENDING, at(29), 100),
    progress(BO, EMBER, at(30), 1),
  );
  expect((await entries(BO)).map(([filmId]) => filmId)).toStrictEqual([TIDAL]);
  // An older clear arriving late takes nothing more and does not move the clear back.
  await send(cleared(BO, at(5)));
  await send(progress(BO, LOOP, at(20), 100));
  expect((await entries(BO)).map(([filmId]) => filmId)).toStrictEqual([TIDAL]);
  // Progress watched after the clear comes back as ever.
  await send(progress(BO, LOOP, at(41), 5, { duration: 420 }));
  expect(await entries(BO)).toStrictEqual([
    [LOOP, 5, 420],
    [TIDAL, 90, 720],
  ]);
  // Another member's entries are not touched.
  expect((await entries(ADA)).map(([filmId]) => filmId)).toStrictEqual([TIDAL]);
});

test('a batch ends as its events applied one at a time: late, tied and finished events among them, and delivered twice', async () => {
  // Eve's events go in one request (so in one fetched batch), Fay's one at a time, each applied alone.
  const batch = (userId: string) => [
    progress(userId, TIDAL, at(14), 140),
    progress(userId, TIDAL, at(12), 120, { duration: 720 }),
    progress(userId, TIDAL, at(16), 700, { duration: 720, finished: true }),
    progress(userId, LOOP, at(20), 20, { duration: 420 }),
    progress(userId, TIDAL, at(18), 180),
    progress(userId, TIDAL, at(17), 170, { duration: 720 }),
    progress(userId, LOOP, at(22), 22),
    progress(userId, TIDAL, at(18), 5, { duration: 720 }),
  ];
  await send(
    progress(EVE, TIDAL, at(10), 50, { duration: 720 }),
    progress(FAY, TIDAL, at(10), 50, { duration: 720 }),
  );
  const [eve, fay] = [await entryIds(EVE), await entryIds(FAY)];
  const [eveBatch, fayEvents] = [batch(EVE), batch(FAY)];
  await send(...eveBatch);
  for (const event of fayEvents) await send(event);

  // Tidal was finished, then watched again: a new entry, the length known before the finish gone.
  // Loop keeps the length an earlier event of the batch knew; the tie at 18 keeps the first.
  const applied = {
    entries: [
      { film_id: TIDAL, progress_seconds: 180, duration_seconds: null, progress_at: at(18), kept: false },
      { film_id: LOOP, progress_seconds: 22, duration_seconds: 420, progress_at: at(22), kept: false },
    ],
    marks: [
      { film_id: TIDAL, watched_at: at(18) },
      { film_id: LOOP, watched_at: at(22) },
    ],
  };
  expect(await state(EVE, eve)).toStrictEqual(applied);
  expect(await state(FAY, fay)).toStrictEqual(applied);
  expect(await entries(EVE)).toStrictEqual([
    [LOOP, 22, 420],
    [TIDAL, 180, null],
  ]);

  // Delivered again, whole or one by one, the batch changes nothing.
  const [eveAfter, fayAfter] = [await entryIds(EVE), await entryIds(FAY)];
  await send(...eveBatch);
  for (const event of fayEvents) await send(event);
  const unchanged = { ...applied, entries: applied.entries.map((entry) => ({ ...entry, kept: true })) };
  expect(await state(EVE, eveAfter)).toStrictEqual(unchanged);
  expect(await state(FAY, fayAfter)).toStrictEqual(unchanged);
});

test('any batch, after any earlier progress and clear, ends as its events applied one at a time, and a redelivery changes nothing, also after a clear', async () => {
  const consumer = sut.get(WatchProgressChangedConsumer);
  const repository = sut.get(ContinueWatchingRepository);
  const em = sut.get(EntityManager);
  // As the consumer takes a fetched batch from Kafka (only the value and offset are read).
  const deliver = (messages: Outgoing[]) =>
    consumer.process(
      messages.map((message, offset) => ({ value: message.value, offset: String(offset) })) as Parameters<
        typeof consumer.process
      >[0],
    );
  const clear = (userId: string, clearedAt: Date) =>
    em.fork().transactional(async () => {
      await repository.lock(userId);
      await repository.clear(userId, clearedAt);
    });
  const step = fc.record({
    film: fc.constantFrom(TIDAL, LOOP),
    minute: fc.integer({ min: 0, max: 8 }),
    position: fc.integer({ min: 0, max: 900 }),
    duration: fc.constantFrom(0, 600, 720.5),
    finished: fc.boolean(),
  });
  type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
  const events = (userId: string, steps: Step[]) =>
    steps.map((s) =>
      progress(userId, s.film, at(s.minute), s.position, { duration: s.duration, finished: s.finished }),
    );
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { maxLength: 3 }),
      fc.option(fc.integer({ min: 0, max: 8 })),
      fc.array(step, { minLength: 1, maxLength: 10 }),
      fc.integer({ min: 0, max: 8 }),
      async (earlier, clearedAt, steps, clearedLater) => {
        const [whole, single] = [randomUUID(), randomUUID()];
        for (const userId of [whole, single]) {
          for (const event of events(userId, earlier)) await deliver([event]);
          if (clearedAt !== null) await clear(userId, at(clearedAt));
        }
        const [wholeBefore, singleBefore] = [await entryIds(whole), await entryIds(single)];
        const batch = events(whole, steps);
        await deliver(batch);
        for (const event of events(single, steps)) await deliver([event]);
        const applied = await state(whole, wholeBefore);
        expect(applied).toStrictEqual(await state(single, singleBefore));

        const after = await entryIds(whole);
        await deliver(batch);
        expect(await state(whole, after)).toStrictEqual({
          ...applied,
          entries: applied.entries.map((entry) => ({ ...entry, kept: true })),
        });

        // Nor after a clear, which drops the marks it stands for: it stands for them itself.
        await clear(whole, at(clearedLater));
        const afterClear = await entryIds(whole);
        const cleared = await state(whole, afterClear);
        await deliver([...events(whole, earlier), ...batch]);
        expect(await state(whole, afterClear)).toStrictEqual(cleared);
      },
    ),
    { numRuns: 60 },
  );
});

test('an unreadable progress event is skipped and counted, and the events after it are applied', async () => {
  const unreadable = async () =>
    eventsConsumed((await sut.inject({ method: 'GET', url: '/metrics' })).body, PROGRESS_TOPIC, 'unreadable');

  const before = await unreadable();
  // Not protobuf at all; and progress that says nothing of when it was watched.
  const garbage = {
    id: randomUUID(),
    topic: PROGRESS_TOPIC,
    key: DEE,
    value: Buffer.from([0xff, 0xff, 0xff]),
  };
  const timeless = create(WatchProgressChangedSchema, {
    envelope: create(EnvelopeSchema, { eventId: randomUUID(), producer: 'analytics' }),
    userId: DEE,
    filmId: BigInt(EMBER),
    positionSeconds: 10,
  });
  await send(
    garbage,
    { ...garbage, value: Buffer.from(toBinary(WatchProgressChangedSchema, timeless)) },
    progress(DEE, EMBER, at(20), 60),
  );
  expect(await unreadable()).toBe(before + 2);
  expect(await entries(DEE)).toStrictEqual([
    [EMBER, 60, null],
    [LOOP, 2, null],
  ]);
});

test('continue_watching counts in neither saved-film count, and the list calls still cannot write it', async () => {
  const { rows } = await db.query(`select 1 from outbox where topic = 'social.list-counts-changed.v1'`);
  expect(rows).toStrictEqual([]);
  const add = await sut.inject({
    method: 'POST',
    url: '/api/user/lists',
    headers: { 'x-user-id': ADA },
    payload: { filmId: LOOP, listType: 'continue_watching' },
  });
  expect(add.statusCode).toBe(400);
});
