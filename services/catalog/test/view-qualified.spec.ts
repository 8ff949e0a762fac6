// analytics.view-qualified.v1 into catalog, a fetched batch at a time: a batch leaves each film's
// viewCount and recorded views (film_views) as its events applied one at a time would, whatever it
// holds (a session more than once, films that do not exist, unreadable events), and delivered
// again it changes nothing.
import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  eventually,
  eventsConsumed,
  encodeEvent,
  startTestService,
  type TestService,
} from '@kinora/common/testing';
import { topicOf, ViewQualifiedSchema } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import { ViewQualifiedConsumer } from '../src/films/view-qualified.consumer';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;
let creatorId: number;

const TOPIC = topicOf(ViewQualifiedSchema);
const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const CY = '33333333-3333-4333-8333-333333333333';
/** An id no film has. */
const MISSING = 2_000_000_000;
const BASE = Date.parse('2026-11-20T12:00:00Z');
/** A moment `minutes` after the base time. */
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

type ViewData = Omit<MessageInitShape<typeof ViewQualifiedSchema>, 'envelope' | '$typeName'>;

/** An event as analytics writes it; `occurredAt` is its envelope's time. */
const event = (data: ViewData, occurredAt = at(0)) =>
  encodeEvent(ViewQualifiedSchema, data, { occurredAt }).value;
const view = (filmId: number, sessionId: string, minutes: number, userId = '') =>
  event({ filmId: BigInt(filmId), sessionId, userId, qualifiedAt: timestampFromDate(at(minutes)) });

beforeAll(async () => {
  service = await startTestService({
    name: 'catalog_view_qualified',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    env: { MEDIA_ROOT: tmpdir() },
    partitions: 1,
  });
  ({ api: sut, db } = service);
  const { rows } = await db.query<{ id: number }>(
    `insert into creators (user_id, bio) values ($1, 'Films.') returning id`,
    [ADA],
  );
  creatorId = rows[0]!.id;
});

afterAll(async () => {
  await service?.close();
});

/** Three new films with the view counts they have so far. */
async function films(views: [number, number, number] = [0, 0, 0]) {
  const { rows } = await db.query<{ id: number }>(
    `insert into films (title, genre, language, release_year, creator_id, status, view_count)
       select 'Film ' || n, 'Drama', 'English', 2025, $1, 'published', v
         from unnest($2::int[]) with ordinality as t(v, n) order by n
       returning id`,
    [creatorId, views],
  );
  const [a, b, c] = rows.map((row) => row.id);
  return { a: a!, b: b!, c: c! };
}
type Films = Awaited<ReturnType<typeof films>>;

/** Fresh sessions for one run of the batch. */
const sessions = () => ({
  s0: randomUUID(),
  s1: randomUUID(),
  s2: randomUUID(),
  s3: randomUUID(),
  s4: randomUUID(),
  s5: randomUUID(),
});
type Sessions = ReturnType<typeof sessions>;

/**
 * The batch: sessions on three films, a session twice on a film and once more on another, one first
 * on a film that does not exist and then on one that does, one written two ways (PostgreSQL reads
 * both as one UUID), one recorded before the batch, one without qualified_at, a film id no film has
 * (0), and five events catalog cannot store.
 */
function batch(f: Films, s: Sessions): Buffer[] {
  return [
    view(f.a, s.s1, 1, ADA),
    view(f.b, s.s2, 2),
    view(f.a, s.s1, 3, ADA),
    view(MISSING, s.s3, 4, BO),
    Buffer.from([0xff, 0xff, 0xff]), // not protobuf
    view(f.c, s.s3, 5, BO),
    view(f.b, s.s4.toUpperCase(), 6),
    view(f.a, 'not-a-uuid', 7), // no UUID
    view(f.b, `{${s.s4.replaceAll('-', '')}}`, 8),
    view(2 ** 31, randomUUID(), 9), // beyond an integer
    view(f.a, randomUUID(), 10, 'ada\0'), // a NUL
    // In the year 10000.
    event({ filmId: BigInt(f.a), sessionId: randomUUID(), qualifiedAt: { seconds: 253_402_300_800n } }),
    view(f.a, s.s0, 11, CY),
    event({ filmId: BigInt(f.a), sessionId: s.s5, userId: CY }, at(12)),
    view(f.c, s.s2, 13),
    view(0, randomUUID(), 14),
  ];
}
const UNREADABLE = 5;

/**
 * What one-at-a-time application leaves on films made with view counts 0, 10 and 1, s0 recorded on
 * c (at 0, by Ada) before.
 */
const applied = (s: Sessions) => ({
  a: {
    viewCount: 2,
    views: [
      [`user:${ADA}`, at(1), s.s1],
      [`user:${CY}`, at(12), s.s5],
    ],
  },
  b: {
    viewCount: 12,
    views: [
      ['session:' + s.s2, at(2), s.s2],
      ['session:' + s.s4.toUpperCase(), at(6), s.s4],
    ],
  },
  c: {
    viewCount: 3,
    views: [
      [`user:${ADA}`, at(0), s.s0],
      [`user:${BO}`, at(5), s.s3],
    ],
  },
});

/** Each film's viewCount (as the API answers it) and recorded views, in the order recorded. */
async function state(f: Films) {
  const film = async (id: number) => {
    const { rows } = await db.query<{ viewer_key: string; viewed_at: Date; session_id: string }>(
      'select viewer_key, viewed_at, session_id from film_views where film_id = $1 order by id',
      [id],
    );
    return {
      viewCount: (await sut.inject({ method: 'GET', url: `/api/films/${id}` })).json().viewCount as number,
      views: rows.map((row) => [row.viewer_key, row.viewed_at, row.session_id]),
    };
  };
  return { a: await film(f.a), b: await film(f.b), c: await film(f.c) };
}

/** kafka_events_consumed_total of the topic's unreadable events, as /metrics says. */
async function unreadable(): Promise<number> {
  return eventsConsumed((await sut.inject({ method: 'GET', url: '/metrics' })).body, TOPIC, 'unreadable');
}

test('a batch ends as its events applied one at a time, and delivered again changes nothing', async () => {
  const consumer = sut.get(ViewQualifiedConsumer);
  // As the consumer takes a fetched batch from Kafka (only the value and offset are read).
  const deliver = (values: Buffer[]) =>
    consumer.process(
      values.map((value, offset) => ({ value, offset: String(offset) })) as Parameters<
        typeof consumer.process
      >[0],
    );
  // Two sets of films alike: one gets the batch whole, the other its events one by one.
  const [whole, single] = [await films([0, 10, 1]), await films([0, 10, 1])];
  const [wholeSessions, singleSessions] = [sessions(), sessions()];
  for (const [f, s] of [
    [whole, wholeSessions],
    [single, singleSessions],
  ] as const) {
    await deliver([view(f.c, s.s0, 0, ADA)]);
  }
  const before = await unreadable();

  const wholeBatch = batch(whole, wholeSessions);
  await deliver(wholeBatch);
  for (const value of batch(single, singleSessions)) await deliver([value]);
  expect(await state(whole)).toStrictEqual(applied(wholeSessions));
  expect(await state(single)).toStrictEqual(applied(singleSessions));
  expect(await unreadable()).toBe(before + 2 * UNREADABLE);
  const { rows: missing } = await db.query('select 1 from film_views where film_id = $1', [MISSING]);
  expect(missing).toStrictEqual([]);

  await deliver(wholeBatch);
  expect(await state(whole)).toStrictEqual(applied(wholeSessions));
  expect(await unreadable()).toBe(before + 3 * UNREADABLE);
});

test('through Kafka: the batch in one request, sent twice, counts once', async () => {
  const f = await films([0, 10, 1]);
  const s = sessions();
  const later = await films();
  const producer = service.producer;
  const send = (values: Buffer[]) =>
    producer.send({
      topic: `${service.kafka.prefix}${TOPIC}`,
      messages: values.map((value) => ({ key: 'views', value })),
    });
  // One partition, applied in order: a later view recorded means the messages before it are.
  const through = async () => {
    const session = randomUUID();
    await send([view(later.a, session, 0)]);
    await eventually(
      async () =>
        (await db.query('select 1 from film_views where session_id = $1', [session])).rowCount === 1,
      20_000,
      'the views applied',
    );
  };
  await send([view(f.c, s.s0, 0, ADA)]);
  await through();
  const before = await unreadable();
  const values = batch(f, s);
  await send(values);
  await through();
  expect(await state(f)).toStrictEqual(applied(s));
  await send(values);
  await through();
  expect(await state(f)).toStrictEqual(applied(s));
  expect(await unreadable()).toBe(before + 2 * UNREADABLE);
});
