import { eventually } from '@kinora/common/testing';
import { AdEventKind, PlacementType } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import { adMessage, AdLedger, adView, DAY_MS, publishCampaign, type SentAdEvent } from './ad-events';
import { member, publishFilm, startAnalytics, type Analytics } from './harness';

let sut: Analytics;
const ledger = new AdLedger();
const ADMIN = member(randomUUID(), 'admin');
const FILM = 401;
const OTHER_FILM = 402;
/** A film analytics never heard of: its ads still count for the platform. */
const UNKNOWN_FILM = 499;
const { START, FIRST_QUARTILE, MIDPOINT, THIRD_QUARTILE, COMPLETE, SKIP, CLICK } = AdEventKind;
const { PRE_ROLL, MID_ROLL, POST_ROLL } = PlacementType;

beforeAll(async () => {
  sut = await startAnalytics();
  await publishFilm(sut, { id: FILM, creatorId: 41, userId: randomUUID(), seconds: 600 });
  await publishFilm(sut, { id: OTHER_FILM, creatorId: 42, userId: randomUUID(), seconds: 1200 });
}, 60_000);

afterAll(() => sut?.close());

async function adMetrics(days = 7) {
  const response = await sut.api.inject({
    method: 'GET',
    url: `/api/analytics/admin?days=${days}`,
    headers: ADMIN,
  });
  expect(response.statusCode).toBe(200);
  return response.json().adMetrics;
}

const storedEvents = async () => (await sut.db.query('select count(*)::int as n from ad_events')).rows[0].n;

test('before any ad, every figure is zero (CTR and completion included)', async () => {
  const figures = await adMetrics();
  expect(figures).toMatchObject({
    totalRevenue: 0,
    totalImpressions: 0,
    totalClicks: 0,
    averageCTR: 0,
    completionRate: 0,
    activeCampaigns: 0,
    totalBudget: 0,
    preRoll: { revenue: 0, views: 0 },
  });
  expect(figures.daily).toHaveLength(7);
});

test('an ad event delivered several times is stored and counted once', async () => {
  const view = adView(
    { filmId: FILM, campaignId: 'c-dup', placement: PRE_ROLL, charge: 5_000n, at: new Date() },
    [CLICK],
  );
  await ledger.send(sut, view, true);
  await eventually(async () => (await adMetrics()).totalClicks === 1, 30_000, 'the first impression');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(await storedEvents()).toBe(2);
  const figures = await adMetrics();
  expect([figures.totalImpressions, figures.totalClicks, figures.totalRevenue]).toStrictEqual([1, 1, 0.005]);
  const [row] = (await sut.db.query('select impressions, clicks, revenue_micros from ad_daily')).rows;
  expect(row).toStrictEqual({ impressions: 1, clicks: 1, revenue_micros: '5000' });
});

test('an impression reaches the admin dashboard within 10 s', async () => {
  const sentAt = Date.now();
  await ledger.send(
    sut,
    adView({ filmId: OTHER_FILM, campaignId: 'c-fast', placement: MID_ROLL, charge: 2_000n, at: new Date() }),
  );
  await eventually(
    async () => (await adMetrics()).totalImpressions === ledger.adMetrics(7).totalImpressions,
    10_000,
    'the impression on the dashboard',
  );
  expect(Date.now() - sentAt).toBeLessThan(10_000);
});

test('totals, CTR, completion, the placement breakdown and the days equal what was sent', async () => {
  const now = Date.now();
  const events: SentAdEvent[] = [];
  // Charges a CPM bid can make (CPM / 1000 per impression), odd ones included: sums stay exact.
  const charges = [5_000n, 1_234n, 999_999n, 100n, 7_777n];
  const placements = [PRE_ROLL, MID_ROLL, POST_ROLL];
  const follow = [
    [],
    [CLICK],
    [FIRST_QUARTILE, MIDPOINT],
    [FIRST_QUARTILE, MIDPOINT, THIRD_QUARTILE, COMPLETE],
    [SKIP],
  ];
  for (let i = 0; i < 60; i++) {
    const at = new Date(now - (i % 3 === 0 ? DAY_MS : i % 7 === 0 ? 20 * DAY_MS : 0) - 60_000);
    events.push(
      ...adView(
        {
          filmId: [FILM, OTHER_FILM, UNKNOWN_FILM][i % 3]!,
          campaignId: `c-${i % 4}`,
          placement: placements[i % 3]!,
          charge: charges[i % 5]!,
          at,
        },
        follow[i % 5]!,
      ),
    );
  }
  // A click without its start (its start lost to the viewer's network) counts as a click only.
  const [orphan] = adView(
    { filmId: FILM, campaignId: 'c-0', placement: MID_ROLL, charge: 0n, at: new Date(now) },
    [],
  );
  events.push({ ...orphan!, kind: CLICK });
  // Unreadable and incomplete events are skipped without stopping the stream.
  const incomplete = adMessage({ ...events[0]!, sessionId: '', kind: START }).value;
  await ledger.send(sut, events, true, [Buffer.from('not a protobuf message at all'), incomplete]);

  const expected = ledger.adMetrics(7);
  await eventually(
    async () => {
      const figures = await adMetrics();
      return (
        figures.totalImpressions === expected.totalImpressions && figures.totalClicks === expected.totalClicks
      );
    },
    30_000,
    'every event in the rollup',
  );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const figures = await adMetrics();
  expect(figures).toMatchObject(expected);
  expect(await storedEvents()).toBe(ledger.all.length);
  // The breakdown adds up to the totals, to the micro-dollar.
  const micros = (dollars: number) => Math.round(dollars * 1e6);
  expect(
    micros(figures.preRoll.revenue) + micros(figures.midRoll.revenue) + micros(figures.postRoll.revenue),
  ).toBe(micros(figures.totalRevenue));
  expect(figures.preRoll.views + figures.midRoll.views + figures.postRoll.views).toBe(
    figures.totalImpressions,
  );
  expect(figures.averageCTR).toBe(expected.totalClicks / expected.totalImpressions);
  expect(figures.averageCTR).toBeGreaterThan(0);
  expect(figures.averageCTR).toBeLessThan(1);
  // A 30-day range reaches the events of 20 days ago.
  const month = await adMetrics(30);
  expect(month.daily).toStrictEqual(ledger.adMetrics(30).daily);
});

test('active campaigns and their budget come from the newest version of each campaign', async () => {
  const now = Date.now();
  const flight = { startsAt: new Date(now - 10 * DAY_MS), endsAt: new Date(now + 10 * DAY_MS) };
  const at = (offset: number) => new Date(now - 60_000 + offset);
  const campaign = (id: string, status: string, budgetMicros: bigint, updatedAt: Date, more = {}) =>
    publishCampaign(sut, { id, status, budgetMicros, updatedAt, ...flight, ...more });
  await campaign('live', 'active', 1_000_000_000n, at(0));
  await campaign('odd', 'active', 250_500_000n, at(0));
  await campaign('ended', 'active', 5_000_000n, at(0), { endsAt: new Date(now - DAY_MS) });
  await campaign('future', 'active', 5_000_000n, at(0), { startsAt: new Date(now + DAY_MS) });
  await campaign('draft', 'draft', 5_000_000n, at(0));
  // Paused, then an older "active" version arrives late: still paused.
  await campaign('paused', 'paused', 7_000_000n, at(2));
  await campaign('paused', 'active', 7_000_000n, at(1));
  // Deleted: a later replay of an active version does not bring it back.
  await campaign('gone', 'active', 9_000_000n, at(1));
  await campaign('gone', 'active', 9_000_000n, at(2), { deleted: true });
  await campaign('gone', 'active', 9_000_000n, at(3));
  await eventually(
    async () => (await sut.db.query('select count(*)::int as n from ad_campaigns')).rows[0].n === 7,
    20_000,
    'the campaigns read model',
  );
  await eventually(
    async () =>
      (
        await sut.db.query(
          `select count(*)::int as n from processed_events where topic like '%campaign-changed%'`,
        )
      ).rows[0].n === 10,
    20_000,
    'every campaign event applied',
  );
  const figures = await adMetrics();
  expect([figures.activeCampaigns, figures.totalBudget]).toStrictEqual([2, 1250.5]);
});

test('the admin figures are for admins only; a bad range is a JSON 400', async () => {
  const viewer = await sut.api.inject({
    method: 'GET',
    url: '/api/analytics/admin',
    headers: member(randomUUID()),
  });
  expect(viewer.statusCode).toBe(403);
  const bad = await sut.api.inject({ method: 'GET', url: '/api/analytics/admin?days=8', headers: ADMIN });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/days/) });
});
