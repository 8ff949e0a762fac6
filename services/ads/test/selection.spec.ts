import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FilmStatus } from '@kinora/proto';
import { eventually } from '@kinora/common/testing';
import { randomUUID } from 'node:crypto';
import { DeliveryCache } from '../src/delivery/delivery-cache';
import {
  ADMIN,
  createAdvertiser,
  createCampaign,
  hoursFromNow,
  member,
  publishFilm,
  select,
  startAds,
  visitor,
  type Ads,
  type SelectedAd,
} from './harness';

let sut: Ads;
let advertiserId: number;

/** One film per genre: each test's campaigns target its own genre, so they never compete. */
const FILMS = {
  placements: { id: 101, seconds: 1500, genre: 'Drama' },
  short: { id: 102, seconds: 300, genre: 'Drama' },
  targeting: { id: 103, seconds: 600, genre: 'Horror' },
  bids: { id: 104, seconds: 600, genre: 'Mystery' },
  caps: { id: 105, seconds: 600, genre: 'Romance' },
  pacing: { id: 106, seconds: 600, genre: 'Sci-Fi' },
  budget: { id: 107, seconds: 600, genre: 'Action' },
  replicaCaps: { id: 108, seconds: 600, genre: 'Documentary' },
  expiry: { id: 109, seconds: 600, genre: 'Fantasy' },
  pending: { id: 110, seconds: 600, genre: 'Comedy', status: FilmStatus.PENDING },
};

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const GB = '81.2.69.160';
const US = '8.8.8.8';

beforeAll(async () => {
  sut = await startAds({ ADS_RESERVATION_SECONDS: '3' });
  for (const film of Object.values(FILMS)) await publishFilm(sut, film);
  advertiserId = (await createAdvertiser(sut.api, 'Selection Test Advertiser')).id;
}, 180_000);

afterAll(() => sut?.close());

const breakOf = (film: { id: number }, extra: Record<string, unknown> = {}) => ({
  filmId: film.id,
  position: 0,
  placementType: 'pre_roll',
  sessionId: randomUUID(),
  ...extra,
});

const setStatus = async (campaignId: number, status: string) => {
  const response = await sut.api.inject({
    method: 'PATCH',
    url: `/api/ads/campaigns/${campaignId}`,
    headers: ADMIN,
    payload: { status },
  });
  expect(response.statusCode).toBe(200);
};

const card = async (campaignId: number) =>
  (await sut.api.inject({ method: 'GET', url: `/api/ads/campaigns/${campaignId}`, headers: ADMIN })).json();

const start = (
  app: NestFastifyApplication,
  film: { id: number },
  ad: SelectedAd,
  sessionId: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/ads/view',
    headers,
    payload: { adId: ad.id, filmId: film.id, sessionId, token: ad.token, event: 'start' },
  });

const optimizations = async (campaignId: number) =>
  (
    (
      await sut.api.inject({ method: 'GET', url: '/api/ads/optimizations?limit=100', headers: ADMIN })
    ).json() as {
      campaignId: number;
      kind: string;
      entries: number;
      count: number;
    }[]
  ).filter((line) => line.campaignId === campaignId);

describe('placements', () => {
  test('a published film’s breaks; unknown and unpublished films are 404', async () => {
    const long = await sut.api.inject({ method: 'GET', url: `/api/ads/placements/${FILMS.placements.id}` });
    expect(long.json()).toEqual([
      { position: 0, placementType: 'pre_roll' },
      { position: 300, placementType: 'mid_roll' },
      { position: 600, placementType: 'mid_roll' },
      { position: 900, placementType: 'mid_roll' },
      { position: 1200, placementType: 'mid_roll' },
      { position: 1500, placementType: 'post_roll' },
    ]);
    const short = await sut.api.inject({ method: 'GET', url: `/api/ads/placements/${FILMS.short.id}` });
    expect(short.json()).toEqual([
      { position: 0, placementType: 'pre_roll' },
      { position: 150, placementType: 'mid_roll' },
      { position: 300, placementType: 'post_roll' },
    ]);
    for (const id of [FILMS.pending.id, 999_999]) {
      const response = await sut.api.inject({ method: 'GET', url: `/api/ads/placements/${id}` });
      expect([response.statusCode, response.json().message]).toEqual([404, `Film ${id} not found`]);
    }
    for (const id of ['abc', '0', '-1', '1.5', '01']) {
      const response = await sut.api.inject({ method: 'GET', url: `/api/ads/placements/${id}` });
      expect([id, response.statusCode, response.json().message]).toEqual([
        id,
        400,
        'filmId must be a positive integer',
      ]);
    }
  });
});

describe('eligibility and targeting', () => {
  const film = FILMS.targeting;
  const only = async (targeting: Record<string, unknown>) =>
    createCampaign(sut.api, {
      advertiserId,
      targeting: { genres: [film.genre], ...targeting },
      capPerViewerDay: 100,
      capPerSession: 10,
    });

  test('country from the address (the declared one only when it places nobody) and device from the agent', async () => {
    const campaign = await only({ countries: ['GB'], deviceTypes: ['mobile'] });
    const ad = await select(sut.api, breakOf(film), visitor(GB, IPHONE));
    expect(ad).toMatchObject({
      id: campaign.creatives[0]!.id,
      campaignId: campaign.id,
      title: 'Sip the sparkle',
      description: 'Cold and bubbly.',
      advertiserName: 'Selection Test Advertiser',
      videoUrl: '/media/ads/sparkling-water/master.m3u8',
      duration: 15,
      clickUrl: 'https://sparkle.example/buy',
      placementType: 'pre_roll',
      position: 0,
      token: expect.any(String),
    });
    expect(await select(sut.api, breakOf(film), visitor(GB))).toBeNull(); // a desktop
    expect(await select(sut.api, breakOf(film), visitor(US, IPHONE))).toBeNull();
    const declared = { userDemographics: { country: 'gb', age: 30, interests: [] } };
    expect(await select(sut.api, breakOf(film, declared), visitor('127.0.0.1', IPHONE))).not.toBeNull();
    expect(await select(sut.api, breakOf(film, declared), visitor(US, IPHONE))).toBeNull();
    // The agent names no device: the declared one counts.
    expect(await select(sut.api, breakOf(film, { deviceType: 'mobile' }), visitor(GB))).not.toBeNull();
    await setStatus(campaign.id, 'paused');
    expect(await select(sut.api, breakOf(film), visitor(GB, IPHONE))).toBeNull();
  });

  test('an age range or interests match only viewers who declared them', async () => {
    const campaign = await only({ ageMin: 18, ageMax: 30, interests: ['Cars'] });
    const who = (userDemographics?: Record<string, unknown>) =>
      select(sut.api, breakOf(film, userDemographics ? { userDemographics } : {}), visitor(US));
    expect(await who()).toBeNull();
    expect(await who({ age: 25 })).toBeNull();
    expect(await who({ interests: ['cars'] })).toBeNull();
    expect(await who({ age: 31, interests: ['cars'] })).toBeNull();
    expect((await who({ age: 25, interests: ['travel', 'cars'] }))?.campaignId).toBe(campaign.id);
    await setStatus(campaign.id, 'paused');
  });

  test('only active campaigns within their flight, of the film’s genre, with a creative', async () => {
    const base = { advertiserId, targeting: { genres: [film.genre] } };
    await createCampaign(sut.api, { ...base, status: 'draft' });
    await createCampaign(sut.api, { ...base, startsAt: hoursFromNow(1), endsAt: hoursFromNow(5) });
    await createCampaign(sut.api, { ...base, creatives: [] });
    await createCampaign(sut.api, { ...base, targeting: { genres: ['Comedy'] } });
    const ending = await createCampaign(sut.api, {
      ...base,
      startsAt: hoursFromNow(-5),
      endsAt: new Date(Date.now() + 1000).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await select(sut.api, breakOf(film), visitor(US))).toBeNull();
    expect(ending).toBeDefined();
    // The film must be published.
    const pending = await sut.api.inject({
      method: 'POST',
      url: '/api/ads/select',
      payload: breakOf(FILMS.pending),
    });
    expect([pending.statusCode, pending.json().message]).toEqual([404, `Film ${FILMS.pending.id} not found`]);
  });
});

describe('bids', () => {
  test('the highest CPM wins; equal bids take turns', async () => {
    const film = FILMS.bids;
    const base = {
      advertiserId,
      targeting: { genres: [film.genre] },
      capPerViewerDay: 100,
      capPerSession: 10,
    };
    const first = await createCampaign(sut.api, { ...base, cpm: 5 });
    const second = await createCampaign(sut.api, { ...base, cpm: 5 });
    const lower = await createCampaign(sut.api, { ...base, cpm: 3 });
    const winners: number[] = [];
    for (let i = 0; i < 6; i += 1)
      winners.push((await select(sut.api, breakOf(film), visitor(US)))!.campaignId);
    expect(winners.filter((id) => id === first.id)).toHaveLength(3);
    expect(winners.filter((id) => id === second.id)).toHaveLength(3);
    for (let i = 1; i < winners.length; i += 1) expect(winners[i]).not.toBe(winners[i - 1]);
    await setStatus(first.id, 'paused');
    await setStatus(second.id, 'paused');
    expect((await select(sut.api, breakOf(film), visitor(US)))?.campaignId).toBe(lower.id);
  });
});

describe('frequency caps', () => {
  test('per viewer per day and per film session; the holdbacks are logged by the upkeep', async () => {
    const film = FILMS.caps;
    const campaign = await createCampaign(sut.api, {
      advertiserId,
      targeting: { genres: [film.genre] },
      capPerViewerDay: 2,
      capPerSession: 1,
    });
    const sessions = [randomUUID(), randomUUID(), randomUUID()];
    const me = member('viewer-caps');
    expect(await select(sut.api, breakOf(film, { sessionId: sessions[0] }), me)).not.toBeNull();
    expect(
      await select(
        sut.api,
        breakOf(film, { sessionId: sessions[0], position: 300, placementType: 'mid_roll' }),
        me,
      ),
    ).toBeNull();
    expect(await select(sut.api, breakOf(film, { sessionId: sessions[1] }), me)).not.toBeNull();
    expect(await select(sut.api, breakOf(film, { sessionId: sessions[2] }), me)).toBeNull();
    // Someone else, even from the same address, is another viewer.
    expect(
      await select(sut.api, breakOf(film, { sessionId: sessions[2] }), member('viewer-caps-2')),
    ).not.toBeNull();
    await sut.upkeep();
    expect(await optimizations(campaign.id)).toEqual([
      expect.objectContaining({
        kind: 'capped',
        count: 2,
        detail: '2 selections held back by a frequency cap',
      }),
    ]);
    await sut.upkeep();
    expect(await optimizations(campaign.id)).toHaveLength(1);
  });
});

describe('pacing', () => {
  test('an even campaign spends at most budget × elapsed / flight × 1.02 plus one impression', async () => {
    const film = FILMS.pacing;
    // $100 over 10 hours, 1 hour in: $10.20 + one $1 impression ⇒ 11 selections.
    const campaign = await createCampaign(sut.api, {
      advertiserId,
      targeting: { genres: [film.genre] },
      budget: 100,
      cpm: 1000,
      delivery: 'even',
      startsAt: hoursFromNow(-1),
      endsAt: hoursFromNow(9),
      capPerViewerDay: 100,
      capPerSession: 10,
    });
    let served = 0;
    for (let i = 0; i < 20; i += 1) if (await select(sut.api, breakOf(film), visitor(US))) served += 1;
    expect(served).toBe(11);
    await sut.upkeep();
    expect(await optimizations(campaign.id)).toEqual([
      expect.objectContaining({
        kind: 'paced',
        entries: 1,
        count: 9,
        detail: '9 selections held back to stay on pace',
      }),
    ]);
    // Held back again in a later minute: still one entry for the campaign and cause, summed, with
    // the latest detail.
    for (let i = 0; i < 3; i += 1) expect(await select(sut.api, breakOf(film), visitor(US))).toBeNull();
    await sut.upkeep();
    expect(await optimizations(campaign.id)).toEqual([
      expect.objectContaining({
        kind: 'paced',
        entries: 2,
        count: 12,
        detail: '3 selections held back to stay on pace',
      }),
    ]);
    // The same campaign delivered asap is held by its budget only.
    await sut.api.inject({
      method: 'PATCH',
      url: `/api/ads/campaigns/${campaign.id}`,
      headers: ADMIN,
      payload: { delivery: 'asap' },
    });
    expect(await select(sut.api, breakOf(film), visitor(US))).not.toBeNull();
  });
});

describe('budget across replicas', () => {
  let replica: NestFastifyApplication;
  beforeAll(async () => {
    replica = await sut.replica();
  }, 60_000);

  test('concurrent selects on two replicas never reserve past the budget; each impression is charged once', async () => {
    const film = FILMS.budget;
    // $1 at a $100 CPM: ten impressions of $0.10.
    const campaign = await createCampaign(sut.api, {
      advertiserId,
      targeting: { genres: [film.genre] },
      budget: 1,
      cpm: 100,
      capPerViewerDay: 100,
      capPerSession: 1,
    });
    const apps = [sut.api, replica];
    // Both replicas know the campaign (the other one learns of it by the database's notification).
    await eventually(
      async () =>
        (await replica.get(DeliveryCache).campaigns()).some((live) => live.id === String(campaign.id)),
      10_000,
      'the replica to see the campaign',
    );
    const requests = Array.from({ length: 40 }, (_, i) => {
      const sessionId = randomUUID();
      return select(apps[i % 2]!, breakOf(film, { sessionId }), visitor(`198.51.100.${i + 1}`)).then(
        (ad) => ({
          ad,
          sessionId,
          replica: i % 2,
          headers: visitor(`198.51.100.${i + 1}`),
        }),
      );
    });
    const results = await Promise.all(requests);
    const served = results.filter((result) => result.ad !== null);
    expect(served).toHaveLength(10);
    // Every request of both replicas went through the script: the 30 others were held back by the budget.
    const holdbacks = await sut.raw.hget(`${sut.redis.prefix}ads:holdbacks`, `${campaign.id}:budget`);
    expect(holdbacks).toBe('30');
    const starts = await Promise.all(
      served.map(({ ad, sessionId, headers }, i) => start(apps[i % 2]!, film, ad!, sessionId, headers)),
    );
    expect(starts.map((response) => response.json())).toEqual(Array(10).fill({ recorded: true }));
    expect(await card(campaign.id)).toMatchObject({ spent: 1, impressions: 10, clicks: 0 });
    const spent = await sut.raw.get(`${sut.redis.prefix}ads:campaign:${campaign.id}:spent`);
    const reserved = await sut.raw.get(`${sut.redis.prefix}ads:campaign:${campaign.id}:reserved`);
    expect([spent, reserved]).toEqual(['1000000', '0']);
    expect(await select(replica, breakOf(film), visitor('198.51.100.200'))).toBeNull();
    await sut.upkeep();
    await sut.upkeep();
    expect((await optimizations(campaign.id)).filter((line) => line.kind === 'budget_exhausted')).toEqual([
      expect.objectContaining({ count: 1, detail: 'Budget of $1.00 spent ($1.00)' }),
    ]);
  });

  test('concurrent selects of one viewer on two replicas never pass the daily cap', async () => {
    const film = FILMS.replicaCaps;
    const campaign = await createCampaign(sut.api, {
      advertiserId,
      targeting: { genres: [film.genre] },
      capPerViewerDay: 3,
      capPerSession: 1,
    });
    await eventually(
      async () =>
        (await replica.get(DeliveryCache).campaigns()).some((live) => live.id === String(campaign.id)),
      10_000,
      'the replica to see the campaign',
    );
    const apps = [sut.api, replica];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => select(apps[i % 2]!, breakOf(film), member('binge-watcher'))),
    );
    expect(results.filter((ad) => ad !== null)).toHaveLength(3);
  });
});

describe('reservations', () => {
  test('an impression that never starts is released; a late start still charges within one impression of the budget', async () => {
    const film = FILMS.expiry;
    // $1 at a $500 CPM: two impressions of $0.50.
    const campaign = await createCampaign(sut.api, {
      advertiserId,
      targeting: { genres: [film.genre] },
      budget: 1,
      cpm: 500,
      capPerViewerDay: 100,
      capPerSession: 10,
    });
    const who = visitor(US);
    const sessions = [randomUUID(), randomUUID(), randomUUID()];
    const first = await select(sut.api, breakOf(film, { sessionId: sessions[0] }), who);
    const second = await select(sut.api, breakOf(film, { sessionId: sessions[1] }), who);
    expect([first, second].every(Boolean)).toBe(true);
    expect(await select(sut.api, breakOf(film), who)).toBeNull();
    // Reservations last 3 s here.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    const third = await select(sut.api, breakOf(film, { sessionId: sessions[2] }), who);
    expect(third).not.toBeNull();
    for (const [ad, sessionId] of [
      [first, sessions[0]],
      [second, sessions[1]],
      [third, sessions[2]],
    ] as const) {
      expect((await start(sut.api, film, ad!, sessionId!, who)).json()).toEqual({ recorded: true });
    }
    const charges = await sut.db.query<{ charge_micros: string }>(
      `select charge_micros from ad_events where campaign_id = $1 and kind = 'start' order by id`,
      [campaign.id],
    );
    // Both late starts fit within budget + one price; the third was reserved.
    expect(charges.rows.map((row) => row.charge_micros)).toEqual(['500000', '500000', '500000']);
    expect((await card(campaign.id)).spent).toBe(1.5);
    expect(await select(sut.api, breakOf(film), who)).toBeNull();
  });
});
