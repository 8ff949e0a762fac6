/// <reference types="jest" />
/**
 * A member deleted their account (auth.user-deleted.v1, delivered twice): their viewing history is
 * no longer theirs, nothing names them, and every figure stays as it was.
 */
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { encodeEvent, eventually } from '@kinora/common/testing';
import { topicOf, UserDeletedSchema, UserRegisteredSchema } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import { member, publish, publishFilm, startAnalytics, type Analytics } from './harness';

let sut: Analytics;
const LEAVING = randomUUID();
const FILM = 121;

beforeAll(async () => {
  sut = await startAnalytics();
  await publishFilm(sut, { id: FILM, creatorId: 21, userId: randomUUID(), seconds: 300 });
  await publish(sut, UserRegisteredSchema, LEAVING, {
    user: { userId: LEAVING, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  });
  await eventually(
    async () => (await sut.db.query('select 1 from films where duration_seconds > 0')).rowCount === 1,
    20_000,
    'the films read model',
  );
}, 60_000);

afterAll(() => sut?.close());

const figures = async () =>
  (
    await sut.db.query(
      `select count(*)::int as sessions, count(distinct viewer_key)::int as viewers,
              sum(total_watch_time)::float as watched from viewing_sessions`,
    )
  ).rows[0];

test("a deleted member's history is unlinked; no figure changes and no name is left", async () => {
  const sessionId = randomUUID();
  const started = await sut.api.inject({
    method: 'POST',
    url: '/api/analytics/viewing-session',
    headers: member(LEAVING),
    payload: {
      sessionId,
      filmId: FILM,
      deviceType: 'desktop',
      sessionStartTime: new Date(Date.now() - 60_000).toISOString(),
      startPosition: 0,
      referrer: null,
    },
  });
  expect(started.statusCode).toBe(202);
  const { token } = started.json() as { token: string };
  const updated = await sut.api.inject({
    method: 'PATCH',
    url: `/api/analytics/viewing-session/${sessionId}`,
    headers: { 'x-viewing-session-token': token, ...member(LEAVING) },
    payload: {
      endPosition: 40,
      totalWatchTime: 40,
      pauseCount: 0,
      seekCount: 0,
      updatedAt: new Date().toISOString(),
      watchedRanges: [{ start: 0, end: 40 }],
    },
  });
  expect(updated.statusCode).toBe(202);
  const history = () =>
    sut.api.inject({ method: 'GET', url: '/api/analytics/history', headers: member(LEAVING) });
  await eventually(
    async () =>
      (await sut.db.query('select 1 from viewing_sessions where total_watch_time = 40')).rowCount === 1 &&
      ((await history()).json() as unknown[]).length === 1,
    20_000,
    'the history',
  );
  const before = await figures();
  expect((await sut.api.inject({ method: 'GET', url: '/api/user/export/analytics' })).statusCode).toBe(401);
  const exported = () =>
    sut.api.inject({ method: 'GET', url: '/api/user/export/analytics', headers: member(LEAVING) });
  expect((await exported()).json()).toMatchObject({
    viewingHistory: [{ sessionId, filmId: FILM, watchTime: 40, positionSeconds: 40, completed: false }],
  });

  const { value } = encodeEvent(UserDeletedSchema, {
    user: { userId: LEAVING, email: `deleted-${LEAVING}@deleted.invalid`, subscriptionType: 'free' },
    version: 3n,
    deletedAt: timestampFromDate(new Date()),
  });
  const topic = `${sut.kafka.prefix}${topicOf(UserDeletedSchema)}`;
  await sut.producer.send({ topic, messages: [{ key: LEAVING, value }] });
  await sut.producer.send({ topic, messages: [{ key: LEAVING, value }] });

  await eventually(
    async () =>
      (await sut.db.query('select 1 from viewing_sessions where user_id = $1', [LEAVING])).rowCount === 0 &&
      (await sut.db.query('select 1 from known_users where id = $1 and first_name is null', [LEAVING]))
        .rowCount === 1,
    20_000,
    'the unlinking',
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await figures()).toStrictEqual(before);
  expect((await history()).json()).toStrictEqual([]);
  expect((await exported()).json()).toStrictEqual({ viewingHistory: [] });
  const { rows } = await sut.db.query('select email, first_name, last_name from known_users where id = $1', [
    LEAVING,
  ]);
  expect(rows).toStrictEqual([
    { email: `deleted-${LEAVING}@deleted.invalid`, first_name: null, last_name: null },
  ]);
  expect((await sut.db.query('select 1 from session_events where user_id = $1', [LEAVING])).rowCount).toBe(0);
});
