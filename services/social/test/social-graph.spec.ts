// Likes, follows of creators and members' lists: access, idempotency, ownership and bad input.
import { create, fromBinary } from '@bufbuild/protobuf';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventContext } from '@kinora/common';
import {
  assertUrlInputsNeverFail,
  assertVisitorsRefused,
  injectSender,
  openApiDocument,
  startTestService,
  type TestService,
} from '@kinora/common/testing';
import {
  CreatorFollowerCountChangedSchema,
  CreatorRegisteredSchema,
  FilmStatus,
  FilmStatusChangedSchema,
  ListCountsChangedSchema,
} from '@kinora/proto';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { CreatorRegisteredHandler } from '../src/creators/creator-registered.handler';
import { DATABASE } from '../src/database';
import { FilmStatusChangedHandler } from '../src/films/film-status-changed.handler';
import type { ListEntryDto } from '../src/lists/dto/list-entry.dto';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;

const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const CREATOR_USER = '44444444-4444-4444-8444-444444444444';
const PUBLISHED = 201;
const PENDING = 202;
const OTHER = 203;
const CREATOR = 31;

const as = (userId?: string): Record<string, string> => (userId ? { 'x-user-id': userId } : {});
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, userId?: string, payload?: object) =>
  sut.inject({ method, url, headers: as(userId), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  service = await startTestService({
    name: 'social_graph',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
  });
  ({ api: sut, db } = service);
  await db.query(
    `insert into films (id, status, title, genre, duration_minutes, poster_url, creator_id, updated_at) values
       ($1, 'published', 'Tidal', 'Drama', 12, '/media/posters/201.jpg', $4, now()),
       ($2, 'pending', 'Soon', 'Drama', 9, null, $4, now()),
       ($3, 'published', 'Loop', 'Sci-Fi', 7, null, $4, now())`,
    [PUBLISHED, PENDING, OTHER, CREATOR],
  );
  await db.query(`insert into creators (id, user_id, registered_at) values ($1, $2, now())`, [
    CREATOR,
    CREATOR_USER,
  ]);
});

afterAll(async () => {
  await service?.close();
});

function expectError(response: Awaited<ReturnType<typeof call>>, status: number, message?: RegExp) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.json().statusCode).toBe(status);
  if (message) expect(response.json().message).toMatch(message);
}

test('visitors get 401 on every member-only call', async () => {
  const calls: [Parameters<typeof call>[0], string, object?][] = [
    ['POST', `/api/films/${PUBLISHED}/like`],
    ['POST', `/api/films/${PUBLISHED}/unlike`],
    ['GET', '/api/user/likes'],
    ['POST', `/api/creators/${CREATOR}/follow`],
    ['POST', `/api/creators/${CREATOR}/unfollow`],
    ['POST', `/api/follow/${CREATOR}`],
    ['DELETE', `/api/follow/${CREATOR}`],
    ['GET', `/api/follow/${CREATOR}/status`],
    ['GET', '/api/user/follows'],
    ['GET', '/api/user/lists/watchlist'],
    ['POST', '/api/user/lists', { filmId: PUBLISHED, listType: 'watchlist' }],
    ['DELETE', `/api/user/lists/watchlist/${PUBLISHED}`],
  ];
  for (const [method, url, payload] of calls) expectError(await call(method, url, undefined, payload), 401);
});

describe('likes', () => {
  test('liking twice is one like; unlike is idempotent too; the count follows', async () => {
    const like = (userId: string) => call('POST', `/api/films/${PUBLISHED}/like`, userId);
    expect((await like(ADA)).json()).toStrictEqual({ filmId: PUBLISHED, liked: true, likeCount: 1 });
    expect((await like(ADA)).json()).toStrictEqual({ filmId: PUBLISHED, liked: true, likeCount: 1 });
    expect((await like(BO)).json()).toStrictEqual({ filmId: PUBLISHED, liked: true, likeCount: 2 });
    const unlike = () => call('POST', `/api/films/${PUBLISHED}/unlike`, BO);
    expect((await unlike()).json()).toStrictEqual({ filmId: PUBLISHED, liked: false, likeCount: 1 });
    expect((await unlike()).json()).toStrictEqual({ filmId: PUBLISHED, liked: false, likeCount: 1 });
    expect((await call('POST', `/api/films/${OTHER}/like`, ADA)).statusCode).toBe(200);
  });

  test("a member's liked film ids, newest first, their own only", async () => {
    expect((await call('GET', '/api/user/likes', ADA)).json()).toStrictEqual({ filmIds: [OTHER, PUBLISHED] });
    expect((await call('GET', '/api/user/likes', BO)).json()).toStrictEqual({ filmIds: [] });
  });

  test("a film's like count is public; unknown and unpublished films are 404", async () => {
    expect((await call('GET', `/api/films/${PUBLISHED}/likes`)).json()).toStrictEqual({
      filmId: PUBLISHED,
      likeCount: 1,
    });
    expect((await call('GET', `/api/films/${OTHER}/likes`, BO)).json()).toStrictEqual({
      filmId: OTHER,
      likeCount: 1,
    });
    expectError(await call('GET', `/api/films/${PENDING}/likes`), 404);
    expectError(await call('GET', '/api/films/999/likes'), 404, /Film 999 not found/);
    expectError(await call('GET', '/api/films/0/likes'), 400, /id must be a positive integer/);
  });

  test('unknown and unpublished films are 404; bad ids 400', async () => {
    expectError(await call('POST', '/api/films/999/like', ADA), 404, /Film 999 not found/);
    expectError(await call('POST', `/api/films/${PENDING}/like`, ADA), 404);
    expectError(await call('POST', `/api/films/${PENDING}/unlike`, ADA), 404);
    expectError(await call('POST', '/api/films/abc/like', ADA), 400, /id must be a positive integer/);
  });
});

describe('follows', () => {
  const status = (userId: string) => call('GET', `/api/follow/${CREATOR}/status`, userId);

  test('both paths follow and unfollow; repeating changes nothing', async () => {
    expect((await status(ADA)).json()).toStrictEqual({ isFollowing: false });
    const follow = await call('POST', `/api/creators/${CREATOR}/follow`, ADA);
    expect(follow.statusCode).toBe(200);
    expect(follow.json()).toStrictEqual({ creatorId: CREATOR, isFollowing: true, followerCount: 1 });
    expect((await call('POST', `/api/follow/${CREATOR}`, ADA)).json()).toMatchObject({ followerCount: 1 });
    expect((await call('POST', `/api/follow/${CREATOR}`, BO)).json()).toMatchObject({ followerCount: 2 });
    expect((await status(ADA)).json()).toStrictEqual({ isFollowing: true });
    const unfollow = await call('DELETE', `/api/follow/${CREATOR}`, BO);
    expect(unfollow.json()).toStrictEqual({ creatorId: CREATOR, isFollowing: false, followerCount: 1 });
    expect((await call('POST', `/api/creators/${CREATOR}/unfollow`, BO)).json()).toMatchObject({
      isFollowing: false,
      followerCount: 1,
    });
    expect((await status(BO)).json()).toStrictEqual({ isFollowing: false });
  });

  test('a member cannot follow themself; unknown creators are 404', async () => {
    expectError(
      await call('POST', `/api/creators/${CREATOR}/follow`, CREATOR_USER),
      400,
      /cannot follow yourself/,
    );
    expectError(await call('POST', `/api/follow/${CREATOR}`, CREATOR_USER), 400, /cannot follow yourself/);
    expectError(await call('POST', '/api/follow/999', ADA), 404, /Creator 999 not found/);
    expectError(await call('GET', '/api/follow/999/status', ADA), 404);
    expectError(await call('POST', '/api/creators/x/follow', ADA), 400, /id must be a positive integer/);
  });

  test('each real change records the count after it with the next version; repeats record nothing', async () => {
    const { rows } = await db.query<{ key: string; payload: Buffer }>(
      `select key, payload from outbox where topic = 'social.creator-follower-count-changed.v1' order by position`,
    );
    const events = rows.map((row) => fromBinary(CreatorFollowerCountChangedSchema, row.payload));
    expect(rows.every((row) => row.key === String(CREATOR))).toBe(true);
    expect(events.map((event) => [event.followerCount, Number(event.version)])).toStrictEqual([
      [1, 1],
      [2, 2],
      [1, 3],
    ]);
  });

  test("a member's followed creator ids, newest first, their own only", async () => {
    await db.query(`insert into creators (id, user_id, registered_at) values (32, $1, now())`, [BO]);
    expect((await call('GET', '/api/user/follows', ADA)).json()).toStrictEqual({ creatorIds: [CREATOR] });
    await call('POST', '/api/follow/32', ADA);
    expect((await call('GET', '/api/user/follows', ADA)).json()).toStrictEqual({ creatorIds: [32, CREATOR] });
    expect((await call('GET', '/api/user/follows', BO)).json()).toStrictEqual({ creatorIds: [] });
    await call('DELETE', '/api/follow/32', ADA);
    expect((await call('GET', '/api/user/follows', ADA)).json()).toStrictEqual({ creatorIds: [CREATOR] });
  });
});

describe('lists', () => {
  const add = (userId: string, payload: object) => call('POST', '/api/user/lists', userId, payload);
  const read = (userId: string, listType: string) => call('GET', `/api/user/lists/${listType}`, userId);

  test('adding is idempotent; the list is newest first with the film summary', async () => {
    const first = await add(ADA, { filmId: PUBLISHED, listType: 'watchlist' });
    expect(first.statusCode).toBe(201);
    const entry = first.json() as ListEntryDto;
    expect(entry).toMatchObject({
      filmId: PUBLISHED,
      listType: 'watchlist',
      film: {
        id: PUBLISHED,
        title: 'Tidal',
        genre: 'Drama',
        durationMinutes: 12,
        posterUrl: '/media/posters/201.jpg',
      },
    });
    expect((await add(ADA, { filmId: PUBLISHED, listType: 'watchlist' })).json()).toStrictEqual(entry);
    await add(ADA, { filmId: OTHER, listType: 'watchlist' });
    await add(ADA, { filmId: OTHER, listType: 'favorites' });
    const watchlist = (await read(ADA, 'watchlist')).json() as ListEntryDto[];
    expect(watchlist.map((e) => e.filmId)).toStrictEqual([OTHER, PUBLISHED]);
    expect(Object.keys(watchlist[0]!).sort()).toStrictEqual([
      'createdAt',
      'durationSeconds',
      'film',
      'filmId',
      'id',
      'listType',
      'progressSeconds',
    ]);
    expect(((await read(ADA, 'favorites')).json() as ListEntryDto[]).map((e) => e.filmId)).toStrictEqual([
      OTHER,
    ]);
    expect((await read(ADA, 'continue_watching')).json()).toStrictEqual([]);
    // Viewing progress writes continue_watching (test/continue-watching.spec.ts); the list answers
    // where the member stopped and the film's length.
    await db.query(
      `insert into list_entries (user_id, film_id, list_type, progress_seconds, duration_seconds, progress_at)
       values ($1, $2, 'continue_watching', 95, 720, now())`,
      [BO, PUBLISHED],
    );
    expect(
      ((await read(BO, 'continue_watching')).json() as ListEntryDto[]).map((e) => [
        e.progressSeconds,
        e.durationSeconds,
      ]),
    ).toStrictEqual([[95, 720]]);
    expect(watchlist[0]!.progressSeconds).toBeNull();
    expect(watchlist[0]!.durationSeconds).toBeNull();
  });

  test('a second member sees only their own lists and cannot remove from the first one', async () => {
    expect((await read(BO, 'watchlist')).json()).toStrictEqual([]);
    await add(BO, { filmId: PUBLISHED, listType: 'watchlist' });
    expect(((await read(BO, 'watchlist')).json() as ListEntryDto[]).map((e) => e.filmId)).toStrictEqual([
      PUBLISHED,
    ]);
    expect((await call('DELETE', `/api/user/lists/watchlist/${OTHER}`, BO)).statusCode).toBe(200);
    expect(((await read(ADA, 'watchlist')).json() as ListEntryDto[]).map((e) => e.filmId)).toStrictEqual([
      OTHER,
      PUBLISHED,
    ]);
  });

  test('removing takes the film off that list only, and again is a no-op', async () => {
    const removed = await call('DELETE', `/api/user/lists/watchlist/${OTHER}`, ADA);
    expect(removed.json()).toStrictEqual({ message: 'Removed from list' });
    expect((await call('DELETE', `/api/user/lists/watchlist/${OTHER}`, ADA)).statusCode).toBe(200);
    expect(((await read(ADA, 'watchlist')).json() as ListEntryDto[]).map((e) => e.filmId)).toStrictEqual([
      PUBLISHED,
    ]);
    expect(((await read(ADA, 'favorites')).json() as ListEntryDto[]).map((e) => e.filmId)).toStrictEqual([
      OTHER,
    ]);
  });

  test('each real add or remove records the counts after it with the next version; repeats record nothing', async () => {
    const countsOf = async (userId: string) => {
      const { rows } = await db.query<{ payload: Buffer }>(
        `select payload from outbox where topic = 'social.list-counts-changed.v1' and key = $1 order by position`,
        [userId],
      );
      return rows
        .map((row) => fromBinary(ListCountsChangedSchema, row.payload))
        .map((event) => [event.userId, event.watchlistCount, event.favoritesCount, Number(event.version)]);
    };
    expect(await countsOf(ADA)).toStrictEqual([
      [ADA, 1, 0, 1],
      [ADA, 2, 0, 2],
      [ADA, 2, 1, 3],
      [ADA, 1, 1, 4],
    ]);
    expect(await countsOf(BO)).toStrictEqual([[BO, 1, 0, 1]]);
  });

  test('bad input is a JSON 400 naming the field; unknown or unpublished films 404', async () => {
    const cases: [object, RegExp][] = [
      [{ filmId: PUBLISHED, listType: 'continue_watching' }, /listType must be one of watchlist, favorites/],
      [{ filmId: PUBLISHED, listType: 'later' }, /listType must be one of/],
      [{ filmId: PUBLISHED }, /listType must be one of/],
      [{ listType: 'watchlist' }, /filmId must be a positive integer/],
      [{ filmId: '201', listType: 'watchlist' }, /filmId must be a positive integer/],
      [{ filmId: 0, listType: 'watchlist' }, /filmId must be a positive integer/],
      [{ filmId: PUBLISHED, listType: 'watchlist', userId: BO }, /property userId should not exist/],
    ];
    for (const [payload, message] of cases) expectError(await add(ADA, payload), 400, message);
    expectError(await add(ADA, { filmId: 999, listType: 'watchlist' }), 404, /Film 999 not found/);
    expectError(await add(ADA, { filmId: PENDING, listType: 'favorites' }), 404);
    expectError(
      await read(ADA, 'later'),
      400,
      /listType must be one of watchlist, favorites, continue_watching/,
    );
    expectError(await call('DELETE', `/api/user/lists/continue_watching/${PUBLISHED}`, ADA), 400, /listType/);
    expectError(
      await call('DELETE', '/api/user/lists/watchlist/x', ADA),
      400,
      /filmId must be a positive integer/,
    );
    expectError(await read(ADA, 'watchlist?limit=0'), 400, /limit must be an integer/);
  });
});

test('the read models: creators from catalog.creator-registered.v1, film summaries from film status events', async () => {
  const orm = sut.get(MikroORM);
  const context = (topic: string, occurredAt: Date) =>
    ({ eventId: topic, occurredAt, producer: 'catalog', topic, partition: 0, offset: '0' }) as const;
  const registered = create(CreatorRegisteredSchema, { creatorId: 77n, userId: BO });
  for (const userId of [BO, ADA]) {
    // A replay (even a garbled one) never changes the owner.
    await orm.em.fork().transactional((em) =>
      sut.get(CreatorRegisteredHandler).handle({ ...registered, userId }, {
        em,
        ...context('catalog.creator-registered.v1', new Date()),
      } as EventContext),
    );
  }
  expectError(await call('POST', '/api/follow/77', BO), 400, /cannot follow yourself/);
  expect((await call('POST', '/api/creators/77/follow', ADA)).json()).toMatchObject({ followerCount: 1 });

  const published = create(FilmStatusChangedSchema, {
    filmId: 204n,
    status: FilmStatus.PUBLISHED,
    title: 'Ember',
    genre: 'Horror',
    durationMinutes: 15,
    posterUrl: '/media/posters/204.jpg',
    creatorId: 77n,
  });
  await orm.em.fork().transactional((em) =>
    sut.get(FilmStatusChangedHandler).handle(published, {
      em,
      ...context('catalog.film-status-changed.v1', new Date()),
    } as EventContext),
  );
  const entry = await call('POST', '/api/user/lists', BO, { filmId: 204, listType: 'favorites' });
  expect((entry.json() as ListEntryDto).film).toStrictEqual({
    id: 204,
    title: 'Ember',
    genre: 'Horror',
    durationMinutes: 15,
    posterUrl: '/media/posters/204.jpg',
    creatorId: 77,
  });
});

test('no input in any documented operation gets a 5xx, every 4xx is JSON', async () => {
  const document = openApiDocument('social');
  let sent = 0;
  for (const headers of [{}, as(ADA), as(CREATOR_USER)]) {
    sent += await assertUrlInputsNeverFail({ document, send: injectSender(sut, headers), runs: 25 });
  }
  expect(sent).toBeGreaterThan(0);
});

test('a visitor gets a JSON 401 from every member-only operation of the service', async () => {
  const checked = await assertVisitorsRefused({
    document: openApiDocument('social'),
    send: injectSender(sut),
  });
  expect(checked).toEqual(
    expect.arrayContaining([
      'POST /api/films/{id}/reviews',
      'POST /api/films/{id}/like',
      'POST /api/creators/{id}/follow',
      'GET /api/follow/{id}/status',
      'GET /api/user/lists/{listType}',
      'POST /api/user/lists',
      'DELETE /api/user/lists/{listType}/{filmId}',
      'GET /api/user/likes',
    ]),
  );
});
