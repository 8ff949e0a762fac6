import { MetricsService } from '@kinora/common';
import { eventually } from '@kinora/common/testing';
import { randomUUID } from 'node:crypto';
import { RollupJobHandlers } from '../src/rollups/rollup-jobs';
import { publishFilm, member, startAnalytics, type Analytics } from './harness';

let sut: Analytics;
const CREATOR_USER = randomUUID();
const OTHER_CREATOR_USER = randomUUID();
const VIEWER = randomUUID();
const OTHER_VIEWER = randomUUID();
const ADMIN = randomUUID();
const LONG = 101; // a 300 s film
const SHORT = 102; // a 40 s film

beforeAll(async () => {
  sut = await startAnalytics();
  await publishFilm(sut, { id: LONG, creatorId: 11, userId: CREATOR_USER, seconds: 300 });
  await publishFilm(sut, { id: SHORT, creatorId: 11, userId: CREATOR_USER, seconds: 40 });
  await publishFilm(sut, { id: 103, creatorId: 12, userId: OTHER_CREATOR_USER, seconds: 120 });
  await eventually(
    async () =>
      (await sut.db.query('select count(*)::int as n from films where duration_seconds > 0')).rows[0].n === 3,
    20_000,
    'the films read model',
  );
}, 60_000);

afterAll(() => sut?.close());

const startedAt = () => new Date(Date.now() - 60_000).toISOString();

async function start(filmId: number, headers: Record<string, string> = {}, sessionId: string = randomUUID()) {
  const response = await sut.api.inject({
    method: 'POST',
    url: '/api/analytics/viewing-session',
    headers: {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      ...headers,
    },
    payload: {
      sessionId,
      filmId,
      userId: 'someone-else',
      deviceType: 'desktop',
      sessionStartTime: startedAt(),
      startPosition: 0,
      referrer: null,
    },
  });
  expect(response.statusCode).toBe(202);
  return response.json() as { sessionId: string; token: string };
}

function update(
  session: { sessionId: string; token?: string },
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return sut.api.inject({
    method: 'PATCH',
    url: `/api/analytics/viewing-session/${session.sessionId}`,
    headers: { ...(session.token ? { 'x-viewing-session-token': session.token } : {}), ...headers },
    payload: {
      endPosition: 0,
      totalWatchTime: 0,
      pauseCount: 0,
      seekCount: 0,
      updatedAt: new Date().toISOString(),
      ...body,
    },
  });
}

const watched = (seconds: number, at = new Date()) => ({
  endPosition: seconds,
  totalWatchTime: seconds,
  updatedAt: at.toISOString(),
  watchedRanges: [{ start: 0, end: seconds }],
});

const session = async (sessionId: string) =>
  (await sut.db.query('select * from viewing_sessions where session_id = $1', [sessionId])).rows[0];

describe('ingestion', () => {
  test('a session belongs to the member the gateway names, not to the body', async () => {
    const opened = await start(LONG, member(VIEWER));
    expect((await update(opened, watched(5), member(VIEWER))).statusCode).toBe(202);
    await eventually(
      async () => (await session(opened.sessionId))?.total_watch_time === 5,
      15_000,
      'the session',
    );
    expect((await session(opened.sessionId)).user_id).toBe(VIEWER);
  });

  test('nobody writes into another person’s session', async () => {
    const mine = await start(LONG, member(VIEWER));
    const visitors = await start(LONG, { 'x-forwarded-for': '81.2.69.160' });
    const cases: Array<[string, ReturnType<typeof update>]> = [
      ['no token', update({ sessionId: mine.sessionId }, watched(3), member(VIEWER))],
      ['another member with the token', update(mine, watched(3), member(OTHER_VIEWER))],
      ['a visitor with a member’s token', update(mine, watched(3))],
      ['a member with a visitor’s token', update(visitors, watched(3), member(VIEWER))],
      [
        'a token of another session',
        update({ sessionId: randomUUID(), token: mine.token }, watched(3), member(VIEWER)),
      ],
      [
        'a forged token',
        update(
          { sessionId: mine.sessionId, token: `${mine.token.slice(0, -3)}abc` },
          watched(3),
          member(VIEWER),
        ),
      ],
    ];
    for (const [name, call] of cases) {
      const response = await call;
      expect([name, response.statusCode]).toStrictEqual([name, 403]);
      expect(response.json().message).toMatch(/token|someone else/);
    }
    // A second member re-opening the same session id gets their own writer: their writes are dropped.
    const hijack = await start(LONG, member(OTHER_VIEWER), mine.sessionId);
    expect((await update(hijack, watched(200), member(OTHER_VIEWER))).statusCode).toBe(202);
    expect((await update(mine, watched(7), member(VIEWER))).statusCode).toBe(202);
    await eventually(
      async () => (await session(mine.sessionId))?.total_watch_time === 7,
      15_000,
      'the owner’s write',
    );
    const stored = await session(mine.sessionId);
    expect(stored.user_id).toBe(VIEWER);
    expect(stored.total_watch_time).toBe(7);
  });

  test('bad input is a 400 naming the problem', async () => {
    const post = (payload: Record<string, unknown>) =>
      sut.api.inject({
        method: 'POST',
        url: '/api/analytics/viewing-session',
        payload: {
          sessionId: randomUUID(),
          filmId: LONG,
          deviceType: 'desktop',
          sessionStartTime: startedAt(),
          startPosition: 0,
          ...payload,
        },
      });
    const expectations: Array<[Record<string, unknown>, RegExp]> = [
      [{ sessionId: 'nope' }, /sessionId must be a UUID/],
      [{ filmId: 0 }, /filmId/],
      [{ deviceType: 'fridge' }, /deviceType must be one of tablet, mobile, desktop/],
      [{ sessionStartTime: 'yesterday' }, /sessionStartTime/],
      [{ sessionStartTime: new Date(Date.now() + 3_600_000).toISOString() }, /future/],
      [
        { sessionStartTime: new Date(Date.now() - 200 * 86_400_000).toISOString() },
        /within the last 100 days/,
      ],
      [{ startPosition: -1 }, /startPosition/],
      [{ referrer: 'x'.repeat(3000) }, /referrer/],
    ];
    for (const [payload, message] of expectations) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const opened = await start(LONG);
    const patchExpectations: Array<[Record<string, unknown>, RegExp]> = [
      [{ totalWatchTime: -5 }, /totalWatchTime/],
      [{ pauseCount: 1.5 }, /pauseCount/],
      [{ updatedAt: 'soon' }, /updatedAt/],
      [{ updatedAt: undefined }, /updatedAt .* left out only with sessionEndTime/],
      [{ watchedRanges: [{ start: 10, end: 5 }] }, /end must not be before/],
      [{ watchedRanges: [{ start: 'a', end: 5 }] }, /watchedRanges/],
    ];
    for (const [body, message] of patchExpectations) {
      const response = await update(opened, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const badPath = await sut.api.inject({
      method: 'PATCH',
      url: '/api/analytics/viewing-session/1',
      payload: {},
    });
    expect(badPath.statusCode).toBe(400);
  });
});

describe('the view rule and the rollups', () => {
  const views = async (filmId: number) =>
    (await sut.db.query('select views, sessions from film_daily where film_id = $1', [filmId])).rows[0];

  test('30 s watched, or half of a film shorter than a minute, makes one view', async () => {
    const cases: Array<[number, number, boolean]> = [
      [LONG, 29, false],
      [LONG, 30, true],
      [SHORT, 19, false],
      [SHORT, 20, true],
    ];
    const opened: Array<{ sessionId: string; token: string }> = [];
    for (const [film, seconds] of cases) {
      const s = await start(film, member(VIEWER));
      expect((await update(s, watched(seconds), member(VIEWER))).statusCode).toBe(202);
      opened.push(s);
    }
    await eventually(
      async () =>
        (await Promise.all(opened.map((s) => session(s.sessionId)))).every(
          (row) => row?.total_watch_time > 0,
        ),
      15_000,
      'the sessions',
    );
    const qualified = await Promise.all(
      opened.map(async (s) => (await session(s.sessionId)).qualified_at !== null),
    );
    expect(qualified).toStrictEqual(cases.map(([, , expected]) => expected));
    // One view-qualified event per qualified session, to catalog.
    const { rows } = await sut.db.query(`select key from outbox where topic = 'analytics.view-qualified.v1'`);
    expect(rows.map((row) => row.key).sort()).toStrictEqual([String(LONG), String(SHORT)]);
  });

  test("the final update as the product's call table writes it (no updatedAt) ends the session at its sessionEndTime", async () => {
    const s = await start(LONG, member(VIEWER));
    const endedAt = new Date(Date.now() - 1_000);
    await update(s, watched(45, new Date(endedAt.getTime() - 5_000)), member(VIEWER));
    const response = await update(
      s,
      {
        updatedAt: undefined,
        sessionEndTime: endedAt.toISOString(),
        endPosition: 50,
        totalWatchTime: 50,
        pauseCount: 1,
        seekCount: 0,
        isCompleted: true,
      },
      member(VIEWER),
    );
    expect(response.statusCode).toBe(202);
    await eventually(async () => (await session(s.sessionId))?.ended_at != null, 15_000, 'the ended session');
    const row = await session(s.sessionId);
    expect([row.end_position, row.pause_count, new Date(row.ended_at).toISOString()]).toStrictEqual([
      50,
      1,
      endedAt.toISOString(),
    ]);
  });

  test('late and repeated updates never move a session backwards', async () => {
    const s = await start(LONG, member(VIEWER));
    const now = Date.now();
    await update(s, { ...watched(90, new Date(now)), pauseCount: 2, seekCount: 1 }, member(VIEWER));
    await update(s, { ...watched(90, new Date(now)), pauseCount: 2, seekCount: 1 }, member(VIEWER));
    // An older update arriving late.
    await update(s, { ...watched(40, new Date(now - 20_000)), pauseCount: 1 }, member(VIEWER));
    await eventually(
      async () =>
        Number(
          (await sut.db.query('select count(*) from session_events where session_id = $1', [s.sessionId]))
            .rows[0].count,
        ) === 4,
      15_000,
      'the four writes',
    );
    const row = await session(s.sessionId);
    expect([row.end_position, row.total_watch_time, row.pause_count, row.seek_count]).toStrictEqual([
      90, 90, 2, 1,
    ]);
    expect(row.watched).toBe('{[0,90)}');
  });

  test('the rollup counts what was stored, once', async () => {
    await eventually(
      async () => {
        const expected = (
          await sut.db.query(
            `select count(*)::int as sessions, count(qualified_at)::int as views from viewing_sessions where film_id = $1`,
            [LONG],
          )
        ).rows[0];
        const rolled = await views(LONG);
        return rolled?.sessions === expected.sessions && rolled?.views === expected.views;
      },
      20_000,
      'the film-day rollup to match the sessions',
    );
    const creator = (
      await sut.db.query('select sum(views)::int as views from creator_daily where creator_id = 11')
    ).rows[0];
    const films = (
      await sut.db.query('select sum(views)::int as views from film_daily where creator_id = 11')
    ).rows[0];
    expect(creator.views).toBe(films.views);
  });

  test('a film day summed from the shards its batches touched equals the day recomputed whole', async () => {
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    ];
    for (let viewer = 0; viewer < 12; viewer += 1) {
      const headers = {
        'user-agent': agents[viewer % 2]!,
        'x-forwarded-for': `10.0.${viewer}.1`,
        ...(viewer % 3 === 0 ? member(randomUUID()) : {}),
      };
      const s = await start(103, headers);
      expect((await update(s, watched(10 * (viewer + 1)), headers)).statusCode).toBe(202);
    }
    const figures = `select sessions, views, unique_viewers, watch_seconds, completions, egress_bytes, retention,
        countries, devices, browsers from film_daily where film_id = 103`;
    await eventually(
      async () =>
        (await sut.db.query('select sessions from film_daily where film_id = 103')).rows[0]?.sessions ===
          12 &&
        (await sut.db.query('select count(*)::int as n from film_day_dirty where film_id = 103')).rows[0]
          .n === 0,
      20_000,
      'the film day to cover the twelve sessions',
    );
    const summed = (await sut.db.query(figures)).rows[0];
    // Viewer v watched the first 10 (v + 1) s of the 120 s film; retention point p counts the
    // sessions that watched its middle second.
    const watchedUpTo = Array.from({ length: 12 }, (_, v) => 10 * (v + 1));
    expect(summed).toMatchObject({
      sessions: 12,
      unique_viewers: 12,
      watch_seconds: watchedUpTo.reduce((sum, seconds) => sum + seconds, 0),
      browsers: { Chrome: 6, Safari: 6 },
      retention: Array.from(
        { length: 100 },
        (_, point) => watchedUpTo.filter((seconds) => point < Math.ceil((seconds * 100) / 120 - 0.5)).length,
      ),
    });
    // Every shard of the day dirty: the job recomputes the day whole.
    await sut.db.query(
      `insert into film_day_dirty (film_id, day, shard)
       select distinct film_id, day, shard from viewing_sessions where film_id = 103`,
    );
    const { day } = (await sut.db.query(`select day::text from film_daily where film_id = 103`)).rows[0];
    await sut.worker.get(RollupJobHandlers).recomputeFilmDay({ filmId: 103, day });
    expect((await sut.db.query(figures)).rows[0]).toStrictEqual(summed);
  });
});

describe('who sees the dashboards', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    sut.api.inject({ method: 'GET', url, headers });

  test("a creator's figures are for that creator and admins only", async () => {
    await eventually(
      async () => (await get('/api/analytics/creator/11', member(CREATOR_USER))).statusCode === 200,
      15_000,
      'the creator',
    );
    const own = (await get('/api/analytics/creator/11?days=7', member(CREATOR_USER))).json();
    expect(own.creatorId).toBe(11);
    expect(own.daily).toHaveLength(7);
    expect(own.totalViews).toBeGreaterThanOrEqual(2);
    expect((await get('/api/analytics/creator/11', member(ADMIN, 'admin'))).statusCode).toBe(200);
    const denied = await get('/api/analytics/creator/11', member(OTHER_CREATOR_USER, 'creator'));
    expect(denied.statusCode).toBe(403);
    expect((await get('/api/analytics/creator/11')).statusCode).toBe(401);
    expect((await get('/api/analytics/creator/999', member(ADMIN, 'admin'))).statusCode).toBe(404);
    expect((await get('/api/analytics/creator/11?days=12', member(CREATOR_USER))).statusCode).toBe(400);
    expect((await get('/api/analytics/creator/abc', member(CREATOR_USER))).statusCode).toBe(400);
  });

  test('platform figures are for admins only', async () => {
    expect((await get('/api/analytics/admin', member(VIEWER))).statusCode).toBe(403);
    const figures = await get('/api/analytics/admin', member(ADMIN, 'admin'));
    expect(figures.statusCode).toBe(200);
    expect(figures.json().platformStats.totalFilms).toBe(3);
    expect(figures.json().revenueMetrics.monthlyCosts).toHaveLength(6);
  });
});

test('analytics-worker reports its consumer groups’ lag on /metrics (what its autoscaling follows)', async () => {
  const metrics = sut.worker.get(MetricsService);
  const line = (suffix: string, topic: string) =>
    new RegExp(
      `^kafka_consumer_lag\\{group="[^"]+${suffix}",topic="${topic}",partition="\\d+"\\} \\d+$`,
      'm',
    );
  await eventually(
    async () => {
      const text = await metrics.registry.metrics();
      return (
        line('-sessions', 'analytics.viewing-session-updated.v1').test(text) &&
        line('-ads', 'ads.ad-event-recorded.v1').test(text)
      );
    },
    20_000,
    'the sessions and ad-events consumers’ lag',
  );
});
