import { eventually } from '@kinora/common/testing';
import { AdEventKind, PlacementType } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import { AdLedger, adView, DAY_MS, isoMonth, type SentAdEvent } from './ad-events';
import { member, publishFilm, startAnalytics, type Analytics } from './harness';

let sut: Analytics;
const ledger = new AdLedger();
const CREATOR = 51;
const CREATOR_USER = randomUUID();
const OTHER_CREATOR_USER = randomUUID();
const ADMIN = member(randomUUID(), 'admin');
// Titles a CSV must quote, and one a spreadsheet would otherwise run as a formula.
const FILMS = [
  { id: 501, title: 'Ocean, "Deep" Blue' },
  { id: 502, title: '=1+2, or not' },
  { id: 503, title: 'Quiet' },
];
const OTHER_FILM = 509;

beforeAll(async () => {
  sut = await startAnalytics();
  for (const film of FILMS) {
    await publishFilm(sut, { ...film, creatorId: CREATOR, userId: CREATOR_USER, seconds: 900 });
  }
  await publishFilm(sut, { id: OTHER_FILM, creatorId: 52, userId: OTHER_CREATOR_USER, seconds: 900 });
  await eventually(
    async () => (await sut.db.query('select count(*)::int as n from films')).rows[0].n === 4,
    20_000,
    'the films read model',
  );
}, 60_000);

afterAll(() => sut?.close());

const get = (url: string, headers: Record<string, string> = member(CREATOR_USER)) =>
  sut.api.inject({ method: 'GET', url, headers });

/** The last 12 UTC months, newest first. */
function lastTwelveMonths(now = new Date()): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    isoMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))),
  );
}

const dollars = (micros: bigint) => Number(micros) / 1e6;
const exact = (micros: bigint) =>
  `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, '0')}`;
const figures = (money: ReturnType<AdLedger['money']>) => ({
  revenue: dollars(money.revenue),
  earnings: dollars(money.earnings),
  impressions: money.impressions,
});

describe('a creator’s ad revenue', () => {
  beforeAll(async () => {
    const now = Date.now();
    const events: SentAdEvent[] = [];
    // Charges whose 55 % is not a whole micro-dollar: earnings are rounded down per impression.
    const charges = [5_000n, 1_234n, 999n, 7n, 12_345n];
    const ages = [0, 1, 35, 70, 200, 400]; // days ago; 400 is outside the last 12 months
    for (let i = 0; i < 48; i++) {
      const filmId = i % 8 === 7 ? OTHER_FILM : FILMS[i % 2]!.id; // film 503 never earns
      events.push(
        ...adView(
          {
            filmId,
            campaignId: `c-${i % 3}`,
            placement: [PlacementType.PRE_ROLL, PlacementType.MID_ROLL][i % 2]!,
            charge: charges[i % 5]!,
            at: new Date(now - ages[i % 6]! * DAY_MS - 60_000),
          },
          i % 4 === 0 ? [AdEventKind.CLICK] : [],
        ),
      );
    }
    await ledger.send(sut, events, true);
    const expected = ledger.all.filter((event) => event.kind === AdEventKind.START).length;
    await eventually(
      async () =>
        (await sut.db.query('select coalesce(sum(impressions), 0)::int as n from ad_daily')).rows[0].n ===
        expected,
      30_000,
      'the ad rollup',
    );
  }, 60_000);

  const mine = (event: SentAdEvent) => FILMS.some((film) => film.id === event.filmId);

  test('totals, the last 12 months (newest first) and the films equal what was charged', async () => {
    const response = await get(`/api/analytics/creator/${CREATOR}/revenue`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const months = lastTwelveMonths();
    expect(body.share).toBe(0.55);
    expect(body.totals).toStrictEqual(figures(ledger.money(mine)));
    expect(body.months).toStrictEqual(
      months.map((month) => ({
        month,
        ...figures(ledger.money((e) => mine(e) && isoMonth(e.at) === month)),
      })),
    );
    const films = FILMS.map((film) => ({
      filmId: film.id,
      title: film.title,
      money: ledger.money((event) => event.filmId === film.id),
    }))
      .sort(
        (a, b) =>
          Number(b.money.earnings - a.money.earnings) ||
          b.money.impressions - a.money.impressions ||
          b.filmId - a.filmId,
      )
      .map(({ filmId, title, money }) => ({ filmId, title, ...figures(money) }));
    expect(body.films).toStrictEqual(films);
    // Rounding down per impression, not on the sum: 55 % of 1,234 µ$ is 678 µ$, not 678.7.
    expect(body.totals.earnings).toBeLessThan(body.totals.revenue * 0.55);
    expect(body.films.find((film: { filmId: number }) => film.filmId === 503)).toMatchObject({
      impressions: 0,
    });
  });

  test('the CSV statement: a row per month and film, escaped titles, a total row', async () => {
    const response = await get(`/api/analytics/creator/${CREATOR}/revenue.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.csv"$/);
    const months = lastTwelveMonths();
    const quoted: Record<number, string> = {
      501: '"Ocean, ""Deep"" Blue"',
      502: `"'=1+2, or not"`,
      503: 'Quiet',
    };
    const lines = ['Month,Film ID,Title,Impressions,Ad revenue (USD),Revenue share,Earnings (USD)'];
    let total = { revenue: 0n, earnings: 0n, impressions: 0 };
    for (const month of months) {
      for (const film of FILMS) {
        const money = ledger.money((event) => event.filmId === film.id && isoMonth(event.at) === month);
        if (money.impressions === 0) continue;
        lines.push(
          [
            month,
            film.id,
            quoted[film.id],
            money.impressions,
            exact(money.revenue),
            '0.55',
            exact(money.earnings),
          ].join(','),
        );
        total = {
          revenue: total.revenue + money.revenue,
          earnings: total.earnings + money.earnings,
          impressions: total.impressions + money.impressions,
        };
      }
    }
    lines.push(`Total,,,${total.impressions},${exact(total.revenue)},0.55,${exact(total.earnings)}`);
    expect(response.body).toBe(`${lines.join('\r\n')}\r\n`);
    expect(lines.length).toBeGreaterThan(4);
  });
});

describe('who sees a creator’s revenue', () => {
  const paths = [
    `/api/analytics/creator/${CREATOR}/revenue`,
    `/api/analytics/creator/${CREATOR}/revenue.csv`,
  ];

  test('that creator and admins; others 403, nobody 401, an unknown creator 404, all JSON', async () => {
    for (const path of paths) {
      expect((await get(path)).statusCode).toBe(200);
      expect((await get(path, ADMIN)).statusCode).toBe(200);
      const denied = await get(path, member(OTHER_CREATOR_USER, 'creator'));
      expect([path, denied.statusCode]).toStrictEqual([path, 403]);
      expect(denied.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect((await get(path, {})).statusCode).toBe(401);
      const unknown = await get(path.replace(`/${CREATOR}/`, '/777/'), ADMIN);
      expect([path, unknown.statusCode]).toStrictEqual([path, 404]);
      expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'Creator not found' });
    }
  });

  test('a bad creator id is a JSON 400 naming it', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '012', '99999999999', '1e3']) {
      for (const suffix of ['revenue', 'revenue.csv']) {
        const response = await get(`/api/analytics/creator/${id}/${suffix}`, ADMIN);
        expect([id, suffix, response.statusCode]).toStrictEqual([id, suffix, 400]);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toMatchObject({ statusCode: 400, message: 'id must be a positive integer' });
      }
    }
    const unknownFormat = await get(`/api/analytics/creator/${CREATOR}/revenue.pdf`, ADMIN);
    expect(unknownFormat.statusCode).toBe(404);
    expect(unknownFormat.json()).toMatchObject({ statusCode: 404 });
  });
});
