/// <reference types="jest" />
/**
 * A member deleted their account (auth.user-deleted.v1, delivered twice): their name and address
 * are gone from every answer, their likes, follows, lists and notifications are removed, the
 * creator they followed is told its new count once, their review stays under "Deleted user" and a
 * late profile update does not bring them back.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { encodeEvent, eventually, startTestService, type TestService } from '@kinora/common/testing';
import {
  CreatorFollowerCountChangedSchema,
  topicOf,
  UserDeletedSchema,
  UserRegisteredSchema,
  UserUpdatedSchema,
} from '@kinora/proto';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;

const LEAVING = '55555555-5555-4555-8555-555555555555';
const STAYING = '66666666-6666-4666-8666-666666666666';
const CREATOR_USER = '77777777-7777-4777-8777-777777777777';
const FILM = 301;
const CREATOR = 41;
const TOMBSTONE = `deleted-${LEAVING}@deleted.invalid`;

const profile = (userId: string, email: string, firstName: string) => ({
  userId,
  email,
  firstName,
  lastName: 'Lovelace',
  subscriptionType: 'free',
  createdAt: timestampFromDate(new Date('2026-11-01T00:00:00Z')),
});

beforeAll(async () => {
  service = await startTestService({
    name: 'social_deleted_member',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
  });
  ({ api: sut, db } = service);
  await db.query(
    `insert into films (id, status, title, genre, duration_minutes, poster_url, creator_id, updated_at)
       values ($1, 'published', 'Tidal', 'Drama', 12, null, $2, now())`,
    [FILM, CREATOR],
  );
  await db.query(`insert into creators (id, user_id, registered_at) values ($1, $2, now())`, [
    CREATOR,
    CREATOR_USER,
  ]);
  for (const [userId, name] of [
    [LEAVING, 'Ada'],
    [STAYING, 'Bo'],
  ] as const) {
    await service.publish(UserRegisteredSchema, userId, {
      user: profile(userId, `${name}@example.com`, name),
    });
  }
  await eventually(
    async () => (await db.query('select 1 from known_users')).rowCount === 2,
    20_000,
    'the users read model',
  );
});

afterAll(async () => {
  await service?.close();
});

const as = (userId: string) => ({ 'x-user-id': userId });

test('a deleted member leaves no name or address, no ties, and consistent counts', async () => {
  for (const userId of [LEAVING, STAYING]) {
    expect(
      (await sut.inject({ method: 'POST', url: `/api/films/${FILM}/like`, headers: as(userId) })).statusCode,
    ).toBe(200);
    expect(
      (await sut.inject({ method: 'POST', url: `/api/follow/${CREATOR}`, headers: as(userId) })).statusCode,
    ).toBe(200);
  }
  const reviewed = await sut.inject({
    method: 'POST',
    url: `/api/films/${FILM}/reviews`,
    headers: as(LEAVING),
    payload: { rating: 8, review: 'Lovely tides.' },
  });
  expect(reviewed.statusCode).toBe(201);
  expect(
    (
      await sut.inject({
        method: 'POST',
        url: '/api/user/lists',
        headers: as(LEAVING),
        payload: { filmId: FILM, listType: 'watchlist' },
      })
    ).statusCode,
  ).toBe(201);
  await db.query(
    `insert into notifications (user_id, kind, subject_id, film_id, creator_id) values ($1, 'film_published', $2, $2, $3)`,
    [LEAVING, FILM, CREATOR],
  );

  // Before leaving, the member downloads social's part of their data.
  expect((await sut.inject({ method: 'GET', url: '/api/user/export/social' })).statusCode).toBe(401);
  const exported = await sut.inject({ method: 'GET', url: '/api/user/export/social', headers: as(LEAVING) });
  expect(exported.statusCode).toBe(200);
  expect(exported.json()).toMatchObject({
    reviews: [{ filmId: FILM, filmTitle: 'Tidal', rating: 8, review: 'Lovely tides.', editedAt: null }],
    lists: [{ listType: 'watchlist', filmId: FILM }],
    follows: { creators: [{ id: CREATOR }], critics: [] },
    likes: [{ filmId: FILM, filmTitle: 'Tidal' }],
    notifications: [{ kind: 'film_published', filmId: FILM, readAt: null }],
  });

  // The same event twice (a redelivery), as auth writes it.
  const { value } = encodeEvent(UserDeletedSchema, {
    user: {
      userId: LEAVING,
      email: TOMBSTONE,
      subscriptionType: 'free',
      createdAt: timestampFromDate(new Date()),
    },
    version: 5n,
    deletedAt: timestampFromDate(new Date()),
  });
  const topic = `${service.kafka.prefix}${topicOf(UserDeletedSchema)}`;
  await service.producer.send({ topic, messages: [{ key: LEAVING, value }] });
  await service.producer.send({ topic, messages: [{ key: LEAVING, value }] });
  // A late update from before the deletion.
  await service.publish(UserUpdatedSchema, LEAVING, {
    user: profile(LEAVING, 'Ada@example.com', 'Ada'),
    version: 4n,
  });

  await eventually(
    async () => (await db.query('select 1 from notifications where user_id = $1', [LEAVING])).rowCount === 0,
    20_000,
    'the erasure',
  );
  await eventually(
    async () => (await db.query('select 1 from known_users where email = $1', [TOMBSTONE])).rowCount === 1,
    20_000,
    'the anonymised users row',
  );
  // Give the redelivery and the late update time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const { rows: users } = await db.query(
    'select email, first_name, last_name from known_users where id = $1',
    [LEAVING],
  );
  expect(users).toStrictEqual([{ email: TOMBSTONE, first_name: null, last_name: null }]);

  const reviews = await sut.inject({ method: 'GET', url: `/api/films/${FILM}/reviews` });
  const [review] = reviews.json() as {
    rating: number;
    user: { id: string; firstName: string | null; lastName: string | null };
  }[];
  expect(review).toMatchObject({ rating: 8, user: { id: LEAVING, firstName: null, lastName: null } });
  expect(reviews.body).not.toMatch(/Ada|Lovelace|example\.com/);

  expect((await sut.inject({ method: 'GET', url: `/api/films/${FILM}/likes` })).json()).toMatchObject({
    likeCount: 1,
  });
  for (const table of ['likes', 'follows', 'list_entries', 'notifications']) {
    const { rowCount } = await db.query(`select 1 from ${table} where user_id = $1`, [LEAVING]);
    expect([table, rowCount]).toStrictEqual([table, 0]);
  }
  expect(
    (await sut.inject({ method: 'GET', url: '/api/user/export/social', headers: as(LEAVING) })).json(),
  ).toMatchObject({ lists: [], likes: [], notifications: [], follows: { creators: [], critics: [] } });
  const { rows: counts } = await db.query<{ payload: Buffer }>(
    'select payload from outbox where topic = $1 and key = $2 order by position',
    [topicOf(CreatorFollowerCountChangedSchema), String(CREATOR)],
  );
  const events = counts.map((row) => fromBinary(CreatorFollowerCountChangedSchema, row.payload));
  // Two follows, then one count after the deletion, once.
  expect(events.map((event) => [event.followerCount, event.version])).toStrictEqual([
    [1, 1n],
    [2, 2n],
    [1, 3n],
  ]);
});
