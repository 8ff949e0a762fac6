// social.member-tie-changed.v1: every real change of a member's rating, like, list entry or follow
// is recorded in the outbox, keyed by the member, with the tie as it is after the change; repeats
// and continue_watching record nothing.
import { fromBinary } from '@bufbuild/protobuf';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startTestService, type TestService } from '@kinora/common/testing';
import { MemberTieChangedSchema, MemberTieKind, topicOf } from '@kinora/proto';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;

const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const ADMIN = '33333333-3333-4333-8333-333333333333';
const CREATOR_USER = '44444444-4444-4444-8444-444444444444';
const FILM = 301;
const OTHER = 302;
const CREATOR = 41;
const CRITIC = 7;

const call = (method: 'POST' | 'DELETE', url: string, userId: string, payload?: object, roles?: string) =>
  sut.inject({
    method,
    url,
    headers: { 'x-user-id': userId, ...(roles ? { 'x-user-roles': roles } : {}) },
    ...(payload ? { payload } : {}),
  });

/** Ties recorded since `position` (exclusive), oldest first: [key, user, kind, target, value]. */
async function tiesAfter(position: string) {
  const { rows } = await db.query<{ key: string; payload: Buffer; created_at: Date }>(
    'select key, payload, created_at from outbox where topic = $1 and position > $2 order by position',
    [topicOf(MemberTieChangedSchema), position],
  );
  return rows.map((row) => {
    const event = fromBinary(MemberTieChangedSchema, row.payload);
    // changed_at is the moment of the change, taken in its transaction (before the row was written).
    expect(timestampMs(event.changedAt!)).toBeLessThanOrEqual(row.created_at.getTime());
    expect(Date.now() - timestampMs(event.changedAt!)).toBeLessThan(60_000);
    return [row.key, event.userId, event.kind, Number(event.targetId), event.value];
  });
}

/** The outbox's last position now: what a step records comes after it. */
async function mark(): Promise<string> {
  const { rows } = await db.query<{ position: string | null }>(
    'select max(position) as position from outbox',
  );
  return rows[0]!.position ?? '0';
}

/** The ties `step` records. */
async function tiesOf(step: () => Promise<unknown>) {
  const before = await mark();
  await step();
  return tiesAfter(before);
}

beforeAll(async () => {
  service = await startTestService({
    name: 'social_member_ties',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
  });
  ({ api: sut, db } = service);
  await db.query(
    `insert into films (id, status, title, creator_id, updated_at) values
       ($1, 'published', 'Tidal', $3, now()), ($2, 'published', 'Loop', $3, now())`,
    [FILM, OTHER, CREATOR],
  );
  await db.query(`insert into creators (id, user_id, registered_at) values ($1, $2, now())`, [
    CREATOR,
    CREATOR_USER,
  ]);
  await db.query(
    `insert into critics (id, email, first_name, last_name, bio) values ($1, 'iris@example.com', 'Iris', 'Barry', 'Critic.')`,
    [CRITIC],
  );
});

afterAll(async () => {
  await service?.close();
});

const { RATING, LIKE, WATCHLIST, FAVORITE, CREATOR_FOLLOW, CRITIC_FOLLOW } = MemberTieKind;

test('a like records LIKE 1, liking again nothing, an unlike LIKE 0, unliking again nothing', async () => {
  const like = () => call('POST', `/api/films/${FILM}/like`, ADA);
  const unlike = () => call('POST', `/api/films/${FILM}/unlike`, ADA);
  expect(await tiesOf(like)).toStrictEqual([[ADA, ADA, LIKE, FILM, 1]]);
  expect(await tiesOf(like)).toStrictEqual([]);
  expect(await tiesOf(unlike)).toStrictEqual([[ADA, ADA, LIKE, FILM, 0]]);
  expect(await tiesOf(unlike)).toStrictEqual([]);
  // A film that is not published changes nothing and records nothing.
  expect(await tiesOf(() => call('POST', '/api/films/999/like', ADA))).toStrictEqual([]);
});

test('a review records its rating, a replacement the new one, a deletion (by anyone) 0 for the author', async () => {
  const write = (rating: number) =>
    call('POST', `/api/films/${FILM}/reviews`, BO, { rating, review: 'Quietly devastating.' });
  expect(await tiesOf(() => write(8))).toStrictEqual([[BO, BO, RATING, FILM, 8]]);
  let reviewId = 0;
  expect(
    await tiesOf(async () => {
      reviewId = (await write(6)).json().id;
    }),
  ).toStrictEqual([[BO, BO, RATING, FILM, 6]]);
  const remove = (userId: string, roles?: string) =>
    call('DELETE', `/api/films/${FILM}/reviews/${reviewId}`, userId, undefined, roles);
  // Someone else's deletion is refused and records nothing.
  expect(await tiesOf(() => remove(ADA))).toStrictEqual([]);
  expect(await tiesOf(() => remove(ADMIN, 'admin'))).toStrictEqual([[BO, BO, RATING, FILM, 0]]);
});

test('watchlist and favorites: a real add records 1, a real removal 0; repeats and continue_watching nothing', async () => {
  const add = (filmId: number, listType: string) =>
    call('POST', '/api/user/lists', ADA, { filmId, listType });
  const remove = (filmId: number, listType: string) =>
    call('DELETE', `/api/user/lists/${listType}/${filmId}`, ADA);
  expect(await tiesOf(() => add(FILM, 'watchlist'))).toStrictEqual([[ADA, ADA, WATCHLIST, FILM, 1]]);
  expect(await tiesOf(() => add(FILM, 'watchlist'))).toStrictEqual([]);
  expect(await tiesOf(() => add(OTHER, 'favorites'))).toStrictEqual([[ADA, ADA, FAVORITE, OTHER, 1]]);
  expect(await tiesOf(() => remove(FILM, 'watchlist'))).toStrictEqual([[ADA, ADA, WATCHLIST, FILM, 0]]);
  expect(await tiesOf(() => remove(FILM, 'watchlist'))).toStrictEqual([]);
  expect((await remove(FILM, 'continue_watching')).statusCode).toBe(400);
});

test('follows of a creator and of a critic record 1 and 0, each once', async () => {
  const creator = (verb: 'follow' | 'unfollow') => call('POST', `/api/creators/${CREATOR}/${verb}`, BO);
  expect(await tiesOf(() => creator('follow'))).toStrictEqual([[BO, BO, CREATOR_FOLLOW, CREATOR, 1]]);
  expect(await tiesOf(() => creator('follow'))).toStrictEqual([]);
  expect(await tiesOf(() => creator('unfollow'))).toStrictEqual([[BO, BO, CREATOR_FOLLOW, CREATOR, 0]]);
  // A creator cannot follow themself: refused, nothing recorded.
  expect(await tiesOf(() => call('POST', `/api/creators/${CREATOR}/follow`, CREATOR_USER))).toStrictEqual([]);

  const critic = (verb: 'follow' | 'unfollow') => call('POST', `/api/critics/${CRITIC}/${verb}`, BO);
  expect(await tiesOf(() => critic('follow'))).toStrictEqual([[BO, BO, CRITIC_FOLLOW, CRITIC, 1]]);
  expect(await tiesOf(() => critic('follow'))).toStrictEqual([]);
  expect(await tiesOf(() => critic('unfollow'))).toStrictEqual([[BO, BO, CRITIC_FOLLOW, CRITIC, 0]]);
  expect(await tiesOf(() => critic('unfollow'))).toStrictEqual([]);
});

test("a member's ties are in the order they changed", async () => {
  const { rows } = await db.query<{ payload: Buffer }>(
    'select payload from outbox where topic = $1 and key = $2 order by position',
    [topicOf(MemberTieChangedSchema), ADA],
  );
  const at = rows.map((row) => timestampMs(fromBinary(MemberTieChangedSchema, row.payload).changedAt!));
  expect(at.length).toBeGreaterThan(3);
  expect(at).toStrictEqual([...at].sort((a, b) => a - b));
});
