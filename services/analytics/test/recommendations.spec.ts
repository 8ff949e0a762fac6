/// <reference types="jest" />
/**
 * Recommendations (docs/recommendations.md) learned from stored sessions and social's ties: a
 * member who watched two films of one taste is offered that taste's third first, with a reason;
 * "More like this" follows co-watching; visitors get trending per genre; redelivered and late events
 * leave the model exactly as it was; personalisation off and a cleared history take effect.
 */
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventually } from '@kinora/common/testing';
import { MemberTieChangedSchema, MemberTieKind } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import { RecommendationJobs } from '../src/recommendations/recommendation-jobs';
import { member, publish, publishFilm, startAnalytics, type Analytics } from './harness';

let sut: Analytics;
let jobs: RecommendationJobs;

/** Two tastes, and a lone film nobody watched. */
const SCI_FI = [201, 202, 203, 208];
const DRAMA = [204, 205, 206];
const LONE = 207;
const CROWD = 8;

/** A member's stored session of a film: qualified, and finished when `completed`. */
async function watched(userId: string, filmId: number, completed = true, daysAgo = 1): Promise<void> {
  const at = new Date(Date.now() - Math.round(daysAgo * 86_400_000)).toISOString();
  await sut.db.query(
    `insert into viewing_sessions (session_id, film_id, user_id, viewer_key, writer, day, started_at,
       client_updated_at, last_received_at, qualified_at, completed, total_watch_time, end_position)
     values ($1, $2, $3, $3, $3, $4::timestamptz::date, $4, $4, $4, $4, $5, 300, 300)`,
    [randomUUID(), filmId, userId, at, completed],
  );
}

const home = async (userId?: string) => {
  const response = await sut.api.inject({
    method: 'GET',
    url: '/api/recommendations/home',
    headers: userId ? member(userId) : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    personalised: boolean;
    rows: Array<{ kind: string; key: string; title: string; reason: string; filmIds: number[] }>;
  };
};

/** Everything the model holds, as rows to compare. */
const model = async () => ({
  ties: (await sut.db.query('select * from member_ties order by 1, 2, 3')).rows,
  weights: (await sut.db.query('select user_id, film_id, weight, seen from taste_weights order by 1, 2'))
    .rows,
  neighbours: (await sut.db.query('select * from film_neighbours order by 1, 2')).rows,
  rows: (await sut.db.query('select owner, rows from recommendation_rows order by 1')).rows,
});

beforeAll(async () => {
  sut = await startAnalytics({ RECOMMEND_FULL_EVERY_SECONDS: '3600' });
  jobs = sut.worker.get(RecommendationJobs, { strict: false });
  for (const id of SCI_FI) {
    await publishFilm(sut, {
      id,
      creatorId: 31,
      userId: randomUUID(),
      seconds: 300,
      genre: 'Sci-Fi',
      title: `Orbit ${id}`,
    });
  }
  for (const id of DRAMA) {
    await publishFilm(sut, {
      id,
      creatorId: 32,
      userId: randomUUID(),
      seconds: 300,
      genre: 'Drama',
      title: `Kitchen ${id}`,
    });
  }
  await publishFilm(sut, { id: LONE, creatorId: 33, userId: randomUUID(), seconds: 300, genre: 'Drama' });
  await eventually(
    async () => (await sut.db.query("select 1 from films where status = 'published'")).rowCount === 8,
    20_000,
    'the films read model',
  );
  // The crowd: each half watched one taste's films to the end.
  for (let i = 0; i < CROWD; i++) {
    const fan = randomUUID();
    for (const id of i % 2 === 0 ? SCI_FI : DRAMA) await watched(fan, id);
  }
}, 90_000);

afterAll(() => sut?.close());

test('two films of one taste watched to the end: For you leads with the others, Because you watched names one', async () => {
  const viewer = randomUUID();
  await watched(viewer, SCI_FI[0]!, true, 2);
  await watched(viewer, SCI_FI[1]!, true, 1);
  await jobs.recomputeAll();

  const { personalised, rows } = await home(viewer);
  expect(personalised).toBe(true);
  expect(rows[0]).toMatchObject({ kind: 'for-you', title: 'For you' });
  expect(rows[0]!.filmIds.slice(0, 2)).toEqual([SCI_FI[2], SCI_FI[3]]);
  expect(rows[0]!.filmIds).not.toContain(SCI_FI[0]);
  expect(rows[0]!.filmIds).not.toContain(SCI_FI[1]);
  expect(rows[0]!.reason).toBe('Picked from what you watched, rated, liked and saved lately');
  const because = rows.find((row) => row.kind === 'because-you-watched')!;
  expect(because.title).toBe(`Because you watched Orbit ${SCI_FI[1]}`);
  expect(because.reason).toBe(`Members who watched Orbit ${SCI_FI[1]} also watched these`);
  expect(because.filmIds).toEqual([SCI_FI[2], SCI_FI[3]]);

  const similar = await sut.api.inject({
    method: 'GET',
    url: `/api/recommendations/films/${DRAMA[0]}/similar`,
  });
  expect(similar.statusCode).toBe(200);
  expect((similar.json() as { filmIds: number[] }).filmIds.slice(0, 2).sort()).toEqual([DRAMA[1], DRAMA[2]]);
  // Nobody watched the lone film: its neighbours come from its genre.
  const lone = (
    await sut.api.inject({ method: 'GET', url: `/api/recommendations/films/${LONE}/similar` })
  ).json() as {
    reason: string;
    filmIds: number[];
  };
  expect(lone.reason).toMatch(/^From the creator and the genre of /);
  expect(lone.filmIds.sort()).toEqual([...DRAMA].sort());
});

test('visitors and members without history get trending per genre', async () => {
  const visitor = await home();
  expect(visitor.personalised).toBe(false);
  expect(visitor.rows.map((row) => row.key).sort()).toEqual(['trending:Drama', 'trending:Sci-Fi']);
  expect((await home(randomUUID())).personalised).toBe(false);
});

test("a member's ties arrive as events; redelivered and late ones leave the model as it was", async () => {
  const fan = randomUUID();
  const at = new Date();
  const ties = [
    { kind: MemberTieKind.RATING, targetId: BigInt(DRAMA[0]!), value: 9 },
    { kind: MemberTieKind.LIKE, targetId: BigInt(DRAMA[1]!), value: 1 },
    { kind: MemberTieKind.WATCHLIST, targetId: BigInt(LONE), value: 1 },
  ];
  const send = (changedAt: Date, list = ties) =>
    Promise.all(
      list.map((tie) =>
        publish(sut, MemberTieChangedSchema, fan, {
          userId: fan,
          ...tie,
          changedAt: timestampFromDate(changedAt),
        }),
      ),
    );
  await send(at);
  await eventually(async () => (await home(fan)).personalised, 30_000, "the fan's rows");
  await jobs.recomputeAll();
  const before = await model();
  expect(before.weights.filter((w) => w.user_id === fan)).toHaveLength(3);

  // The same events again, and an older unlike that arrives late.
  await send(at);
  await send(new Date(at.getTime() - 60_000), [
    { kind: MemberTieKind.LIKE, targetId: BigInt(DRAMA[1]!), value: 0 },
  ]);
  const marker = randomUUID();
  await publish(sut, MemberTieChangedSchema, fan, {
    userId: marker,
    kind: MemberTieKind.LIKE,
    targetId: BigInt(LONE),
    value: 0,
    changedAt: timestampFromDate(at),
  });
  await eventually(
    async () => (await sut.db.query('select 1 from member_ties where user_id = $1', [marker])).rowCount === 1,
    30_000,
    'the batch after the replays',
  );
  await sut.db.query('delete from member_ties where user_id = $1', [marker]);
  await jobs.recomputeAll();
  expect(await model()).toEqual(before);
});

test('personalisation off drops the rows at once and what was learned; on brings them back', async () => {
  const viewer = randomUUID();
  await watched(viewer, DRAMA[0]!);
  await watched(viewer, DRAMA[1]!);
  await jobs.recomputeAll();
  expect((await home(viewer)).rows[0]!.filmIds[0]).toBe(DRAMA[2]);

  const off = await sut.api.inject({
    method: 'PUT',
    url: '/api/recommendations/settings',
    headers: member(viewer),
    payload: { personalised: false },
  });
  expect(off.json()).toEqual({ personalised: false });
  expect((await home(viewer)).personalised).toBe(false);
  await eventually(
    async () =>
      (await sut.db.query('select 1 from taste_weights where user_id = $1', [viewer])).rowCount === 0,
    30_000,
    'the weights dropped',
  );
  await jobs.recomputeAll();
  expect((await home(viewer)).personalised).toBe(false);
  const settings = await sut.api.inject({
    method: 'GET',
    url: '/api/recommendations/settings',
    headers: member(viewer),
  });
  expect(settings.json()).toEqual({ personalised: false });

  await sut.api.inject({
    method: 'PUT',
    url: '/api/recommendations/settings',
    headers: member(viewer),
    payload: { personalised: true },
  });
  await eventually(async () => (await home(viewer)).personalised, 30_000, 'the rows back');
});

test('clearing the watch history clears what the model learned from it', async () => {
  const viewer = randomUUID();
  await watched(viewer, SCI_FI[0]!);
  await jobs.recomputeAll();
  expect((await home(viewer)).personalised).toBe(true);
  const cleared = await sut.api.inject({
    method: 'DELETE',
    url: '/api/analytics/history',
    headers: member(viewer),
  });
  expect(cleared.statusCode).toBe(204);
  await eventually(async () => !(await home(viewer)).personalised, 30_000, 'the rows gone');
  expect((await sut.db.query('select 1 from taste_weights where user_id = $1', [viewer])).rowCount).toBe(0);
});

test('bad input is a 4xx naming the problem', async () => {
  const viewer = randomUUID();
  const put = (payload: unknown, headers: Record<string, string> = member(viewer)) =>
    sut.api.inject({
      method: 'PUT',
      url: '/api/recommendations/settings',
      headers,
      payload: payload as object,
    });
  expect((await put({ personalised: 'yes' })).json()).toMatchObject({ statusCode: 400 });
  expect(JSON.stringify((await put({})).json())).toContain('personalised must be a boolean');
  expect((await put({ personalised: true }, {})).statusCode).toBe(401);
  expect((await sut.api.inject({ method: 'GET', url: '/api/recommendations/settings' })).statusCode).toBe(
    401,
  );
  expect(
    (await sut.api.inject({ method: 'GET', url: '/api/recommendations/films/abc/similar' })).statusCode,
  ).toBe(400);
  expect(
    (await sut.api.inject({ method: 'GET', url: '/api/recommendations/films/99999/similar' })).statusCode,
  ).toBe(404);
});

test('rows shown and opened are counted once per browsing session and row, and reach the click-through and the creator', async () => {
  const viewer = randomUUID();
  const session = randomUUID();
  const send = (payload: object, headers: Record<string, string> = member(viewer)) =>
    sut.api.inject({ method: 'POST', url: '/api/recommendations/events', headers, payload });
  const shown = { session, kind: 'impression', rowKind: 'for-you', rowKey: 'for-you' };
  expect((await send(shown)).statusCode).toBe(204);
  expect((await send(shown)).statusCode).toBe(204);
  expect((await send({ ...shown, kind: 'click', filmId: SCI_FI[2] })).statusCode).toBe(204);
  expect((await send({ ...shown, kind: 'click', filmId: SCI_FI[3] })).statusCode).toBe(204);
  // A visitor's impression of another row, in another session.
  expect(
    (
      await send(
        { ...shown, session: randomUUID(), rowKind: 'trending-in-genre', rowKey: 'trending:Sci-Fi' },
        {},
      )
    ).statusCode,
  ).toBe(204);
  expect((await sut.db.query('select 1 from row_events where session_id = $1', [session])).rowCount).toBe(2);

  // They watch the film they opened: a view from a recommendation.
  await watched(viewer, SCI_FI[2]!, true, -1 / 86_400);
  const admin = { 'x-user-id': randomUUID(), 'x-user-roles': 'admin' };
  await eventually(
    async () => {
      const figures = (
        await sut.api.inject({ method: 'GET', url: '/api/analytics/admin?days=7', headers: admin })
      ).json() as {
        recommendations: Array<{
          rowKind: string;
          impressions: number;
          clicks: number;
          clickThrough: number;
        }>;
      };
      return (
        JSON.stringify(figures.recommendations) ===
        JSON.stringify([
          { rowKind: 'for-you', impressions: 1, clicks: 1, clickThrough: 1 },
          { rowKind: 'trending-in-genre', impressions: 1, clicks: 0, clickThrough: 0 },
        ])
      );
    },
    30_000,
    'the click-through per row kind',
  );
  const creator = (
    await sut.api.inject({ method: 'GET', url: '/api/analytics/creator/31?days=7', headers: admin })
  ).json() as {
    recommendedViews: number;
  };
  expect(creator.recommendedViews).toBe(1);
});

test('row events refuse what is not one', async () => {
  const send = (payload: object) =>
    sut.api.inject({ method: 'POST', url: '/api/recommendations/events', payload });
  const good = { session: randomUUID(), kind: 'click', rowKind: 'for-you', rowKey: 'for-you', filmId: 1 };
  for (const [payload, message] of [
    [{ ...good, session: 'x' }, 'session must be a UUID'],
    [{ ...good, kind: 'hover' }, 'kind must be one of impression, click'],
    [{ ...good, rowKind: 'top' }, 'rowKind must be one of'],
    [{ ...good, rowKey: '<script>' }, 'rowKey must be a row key'],
    [{ ...good, filmId: 0 }, 'filmId must be a positive integer'],
    [{ ...good, filmId: undefined }, 'filmId is required for a click'],
  ] as const) {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  }
});

test("a creator's films published after their other films were placed are offered as soon as a member watches those", async () => {
  const [older, newer] = [
    [211, 212],
    [213, 214],
  ] as const;
  const film = (id: number) =>
    publishFilm(sut, {
      id,
      creatorId: 34,
      userId: randomUUID(),
      seconds: 300,
      genre: 'Noir',
      title: `Rain ${id}`,
    });
  const published = (count: number) =>
    eventually(
      async () =>
        (await sut.db.query("select 1 from films where genre = 'Noir' and status = 'published'")).rowCount ===
        count,
      20_000,
      `${count} Noir films in the read model`,
    );
  for (const id of older) await film(id);
  await published(2);
  // Their neighbours placed while the creator had only them.
  await jobs.recomputeAll();
  for (const id of newer) await film(id);
  await published(4);

  // The member's recomputes as their two views queue them, taken before any later one could run.
  const viewer = randomUUID();
  const recompute = jobs.handlers().member;
  await watched(viewer, older[0], true, 2 / 86_400);
  await recompute({ userId: viewer }, undefined as never);
  await watched(viewer, older[1], true, 1 / 86_400);
  await recompute({ userId: viewer }, undefined as never);

  const { rows } = await home(viewer);
  expect(rows[0]).toMatchObject({ kind: 'for-you' });
  expect(rows[0]!.filmIds).toEqual([...newer]);
  const because = rows.find((row) => row.kind === 'because-you-watched')!;
  expect(because.title).toBe(`Because you watched Rain ${older[1]}`);
  expect(because.filmIds).toEqual([...newer]);
});
