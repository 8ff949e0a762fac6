// In-app notifications: fan-out to followers on publication, idempotency, ownership and bad input.
import { create } from '@bufbuild/protobuf';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventContext } from '@kinora/common';
import {
  assertUrlInputsNeverFail,
  injectSender,
  openApiDocument,
  startTestService,
  type TestService,
} from '@kinora/common/testing';
import { CriticReviewPublishedSchema, FilmStatus, FilmStatusChangedSchema } from '@kinora/proto';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import { FilmStatusChangedHandler } from '../src/films/film-status-changed.handler';
import { CriticReviewPublishedHandler } from '../src/notifications/critic-review-published.handler';
import type { NotificationDto } from '../src/notifications/dto/notification.dto';
import { NotificationsService } from '../src/notifications/notifications.service';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;

const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const CY = '33333333-3333-4333-8333-333333333333';
const CREATOR_USER = '44444444-4444-4444-8444-444444444444';
const CREATOR = 31;
const OTHER_CREATOR = 32;

const as = (userId?: string): Record<string, string> => (userId ? { 'x-user-id': userId } : {});
const call = (method: 'GET' | 'POST', url: string, userId?: string) =>
  sut.inject({ method, url, headers: as(userId) });
const list = async (userId: string) =>
  (await call('GET', '/api/notifications', userId)).json() as NotificationDto[];
const unread = async (userId: string) =>
  ((await call('GET', '/api/notifications/unread-count', userId)).json() as { count: number }).count;

let clock = Date.parse('2026-11-01T00:00:00Z');
/** Delivers a film status event to the handler, as the consumer does, in a transaction of its own. */
async function deliver(
  filmId: number,
  status: FilmStatus,
  creatorId = CREATOR,
  occurredAt = new Date((clock += 1000)),
) {
  const event = create(FilmStatusChangedSchema, {
    filmId: BigInt(filmId),
    status,
    title: `Film ${filmId}`,
    genre: 'Drama',
    durationMinutes: 10,
    posterUrl: `/media/posters/${filmId}.jpg`,
    creatorId: BigInt(creatorId),
  });
  const handler = sut.get(FilmStatusChangedHandler);
  const topic = 'catalog.film-status-changed.v1';
  await sut
    .get(MikroORM)
    .em.fork()
    .transactional((em) =>
      handler.handle(event, {
        em,
        eventId: `${filmId}-${occurredAt.getTime()}`,
        occurredAt,
        producer: 'catalog',
        topic,
        partition: 0,
        offset: '0',
      } as EventContext),
    );
  return occurredAt;
}

beforeAll(async () => {
  service = await startTestService({
    name: 'notifications',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
  });
  ({ api: sut, db } = service);
  await db.query(
    `insert into creators (id, user_id, registered_at) values ($1, $3, now()), ($2, $4, now())`,
    [CREATOR, OTHER_CREATOR, CREATOR_USER, CY],
  );
  await db.query(
    `insert into known_users (id, email, first_name, last_name, registered_at)
       values ($1, 'maya@example.com', 'Maya', 'Lin', now())`,
    [CREATOR_USER],
  );
  // Ada and Bo follow the creator; Cy follows another creator only.
  await db.query(`insert into follows (user_id, creator_id) values ($1, $3), ($2, $3), ($4, $5)`, [
    ADA,
    BO,
    CREATOR,
    CY,
    OTHER_CREATOR,
  ]);
});

afterAll(async () => {
  await service?.close();
});

test('visitors get 401 on every notification call', async () => {
  for (const [method, url] of [
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['POST', '/api/notifications/1/read'],
    ['POST', '/api/notifications/read-all'],
  ] as const) {
    const response = await call(method, url);
    expect(response.statusCode).toBe(401);
    expect(response.json().statusCode).toBe(401);
  }
});

test('a pending film notifies nobody; publishing it notifies the followers of its creator only', async () => {
  await deliver(301, FilmStatus.PENDING);
  expect(await unread(ADA)).toBe(0);
  await deliver(301, FilmStatus.PUBLISHED);
  const [notification] = await list(ADA);
  expect(notification).toMatchObject({
    kind: 'film_published',
    filmId: 301,
    filmTitle: 'Film 301',
    posterUrl: '/media/posters/301.jpg',
    creatorId: CREATOR,
    creatorName: 'Maya Lin',
    criticId: null,
    title: 'Film 301',
    readAt: null,
  });
  expect(await unread(ADA)).toBe(1);
  expect(await unread(BO)).toBe(1);
  expect(await unread(CY)).toBe(0);
  expect(await unread(CREATOR_USER)).toBe(0);
});

test('a duplicated or replayed event, and a film archived then published again, notify once', async () => {
  const at = await deliver(302, FilmStatus.PUBLISHED);
  await deliver(302, FilmStatus.PUBLISHED, CREATOR, at);
  await deliver(302, FilmStatus.PUBLISHED);
  await deliver(302, FilmStatus.ARCHIVED);
  await deliver(302, FilmStatus.PUBLISHED);
  // A late replay of an old event is dropped by the read model's timestamp guard.
  await deliver(302, FilmStatus.PUBLISHED, CREATOR, new Date(at.getTime() - 60_000));
  const { rows } = await db.query(
    `select user_id from notifications where subject_id = 302 and kind = 'film_published' order by user_id`,
  );
  expect(rows.map((row) => row.user_id)).toStrictEqual([ADA, BO]);
});

test('the list is newest first and pages with limit and offset', async () => {
  const ids = (await list(ADA)).map((n) => n.filmId);
  expect(ids).toStrictEqual([302, 301]);
  const page = (await call('GET', '/api/notifications?limit=1&offset=1', ADA)).json() as NotificationDto[];
  expect(page.map((n) => n.filmId)).toStrictEqual([301]);
});

test('a member marks their own notification read; another member gets 404 and cannot see it', async () => {
  const [newest] = await list(ADA);
  const foreign = await call('POST', `/api/notifications/${newest!.id}/read`, BO);
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json().message).toMatch(/not found/);
  expect((await list(BO)).some((n) => n.id === newest!.id)).toBe(false);
  expect(await unread(ADA)).toBe(2);

  const read = await call('POST', `/api/notifications/${newest!.id}/read`, ADA);
  expect(read.statusCode).toBe(200);
  const readAt = (read.json() as NotificationDto).readAt;
  expect(readAt).not.toBeNull();
  // Again is a no-op that keeps the first time.
  expect(
    ((await call('POST', `/api/notifications/${newest!.id}/read`, ADA)).json() as NotificationDto).readAt,
  ).toBe(readAt);
  expect(await unread(ADA)).toBe(1);
  expect(await unread(BO)).toBe(2);
});

test('read-all marks only the caller’s notifications', async () => {
  const response = await call('POST', '/api/notifications/read-all', ADA);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toStrictEqual({ count: 0 });
  expect(await unread(ADA)).toBe(0);
  expect(await unread(BO)).toBe(2);
});

test('bad ids and paging are JSON 400 naming the field; unknown ids 404', async () => {
  const bad = await call('POST', '/api/notifications/abc/read', ADA);
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toMatch(/id must be a positive integer/);
  expect((await call('POST', '/api/notifications/999999/read', ADA)).statusCode).toBe(404);
  const limit = await call('GET', '/api/notifications?limit=0', ADA);
  expect(limit.statusCode).toBe(400);
  expect(limit.json().message).toMatch(/limit must be an integer/);
});

test("a critic's review notifies the critic's followers once, named, edits and replays included", async () => {
  await db.query(
    `insert into critics (id, email, first_name, last_name, bio) values (5, 'iris@example.com', 'Iris', 'Barry', 'Critic.')`,
  );
  // Ada and Bo follow the critic; Cy does not.
  await db.query('insert into critic_follows (user_id, critic_id) values ($1, 5), ($2, 5)', [ADA, BO]);
  await deliver(303, FilmStatus.PUBLISHED);
  const handler = new CriticReviewPublishedHandler(sut.get(NotificationsService));
  const publish = (eventId: string, edited: boolean) =>
    sut
      .get(MikroORM)
      .em.fork()
      .transactional((em) =>
        handler.handle(
          create(CriticReviewPublishedSchema, {
            criticId: 5n,
            filmId: 303n,
            reviewId: 9001n,
            title: 'A tidal triumph',
            rating: 9,
            edited,
          }),
          {
            em,
            eventId,
            occurredAt: new Date(),
            producer: 'social',
            topic: 't',
            partition: 0,
            offset: '0',
          } as EventContext,
        ),
      );
  const before = await unread(CY);
  await publish('review-1', false);
  await publish('review-1', false);
  await publish('review-2', true);
  const [review] = await list(BO);
  expect(review).toMatchObject({
    kind: 'critic_review',
    filmId: 303,
    filmTitle: 'Film 303',
    criticId: 5,
    criticName: 'Iris Barry',
    title: 'A tidal triumph',
    creatorId: null,
    readAt: null,
  });
  const { rows } = await db.query(
    `select user_id from notifications where kind = 'critic_review' order by user_id`,
  );
  expect(rows.map((row) => row.user_id)).toStrictEqual([ADA, BO].sort());
  expect(await unread(CY)).toBe(before);
});

test('no input in any documented operation gets a 5xx, every 4xx is JSON', async () => {
  const document = openApiDocument('social');
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith('/api/notifications')),
  );
  expect(Object.keys(paths).length).toBe(4);
  let sent = 0;
  for (const headers of [{}, as(ADA), as(BO)]) {
    sent += await assertUrlInputsNeverFail({
      document: { ...document, paths },
      send: injectSender(sut, headers),
      runs: 40,
    });
  }
  expect(sent).toBeGreaterThan(0);
});
