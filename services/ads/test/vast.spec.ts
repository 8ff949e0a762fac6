import { VASTClient, VASTTracker } from '@dailymotion/vast-client';
import { randomUUID } from 'node:crypto';
import {
  ADMIN,
  createAdvertiser,
  createCampaign,
  publishFilm,
  startAds,
  videoUrl,
  VIDEOS,
  type Ads,
} from './harness';

let sut: Ads;
let origin: string;
let campaignId: number;
const FILM = { id: 401, seconds: 900, genre: 'Thriller' };
const OTHER_FILM = { id: 402, seconds: 900, genre: 'Animation' };

beforeAll(async () => {
  sut = await startAds();
  await publishFilm(sut, FILM);
  await publishFilm(sut, OTHER_FILM);
  const advertiser = await createAdvertiser(sut.api, 'Vast & Co <Ads>');
  campaignId = (
    await createCampaign(sut.api, {
      advertiserId: advertiser.id,
      cpm: 8,
      targeting: { genres: [FILM.genre] },
      capPerViewerDay: 100,
      capPerSession: 5,
      creatives: [
        {
          title: 'Run & "jump"',
          description: 'Shoes <for> running.',
          videoUrl: videoUrl(VIDEOS.shoes),
          duration: 30,
          clickUrl: 'https://shoes.example/buy?utm=vast&x=1',
        },
      ],
    })
  ).id;
  await sut.api.listen(0, '127.0.0.1');
  origin = await sut.api.getUrl();
  origin = origin.replace('[::1]', '127.0.0.1');
}, 120_000);

afterAll(() => sut?.close());

/**
 * Runs `fire` as a browser would track: the library sets Image.src for each URL; here each URL is
 * fetched (in order) from this same client, and the answers' statuses are returned.
 */
async function firedBy(fire: () => void): Promise<{ url: string; status: number }[]> {
  const urls: string[] = [];
  const globals = globalThis as unknown as { window?: unknown; Image?: unknown };
  globals.window = globalThis;
  globals.Image = class {
    set src(url: string) {
      urls.push(url);
    }
  };
  try {
    fire();
  } finally {
    delete globals.window;
    delete globals.Image;
  }
  const results = [];
  for (const url of urls) results.push({ url, status: (await fetch(url)).status });
  return results;
}

describe('VAST', () => {
  test('a VAST 4.0 player parses our document and its tracking calls are recorded', async () => {
    const sessionId = randomUUID();
    const client = new VASTClient();
    const response = await client.get(
      `${origin}/api/ads/vast?filmId=${FILM.id}&position=300&sessionId=${sessionId}`,
    );
    expect(response.version).toBe('4.0');
    expect(response.ads).toHaveLength(1);
    const ad = response.ads[0]!;
    expect(ad).toMatchObject({
      title: 'Run & "jump"',
      description: 'Shoes <for> running.',
      adServingId: expect.any(String),
    });
    expect(ad.advertiser).toMatchObject({ value: 'Vast & Co <Ads>' });
    expect(ad.impressionURLTemplates).toHaveLength(1);
    const creative = (ad.creatives as { type: string }[]).find((c) => c.type === 'linear')!;
    expect(creative).toMatchObject({ duration: 30, skipDelay: 5 });
    const linear = creative as typeof creative & {
      mediaFiles: { fileURL: string; mimeType: string; deliveryType: string }[];
      trackingEvents: Record<string, string[]>;
      videoClickThroughURLTemplate: { url: string };
      videoClickTrackingURLTemplates: { url: string }[];
    };
    expect(linear.mediaFiles).toEqual([
      expect.objectContaining({
        fileURL: `${origin}${videoUrl(VIDEOS.shoes)}`,
        mimeType: 'application/x-mpegURL',
        deliveryType: 'streaming',
      }),
    ]);
    expect(Object.keys(linear.trackingEvents).sort()).toEqual(
      ['complete', 'firstQuartile', 'midpoint', 'skip', 'start', 'thirdQuartile'].sort(),
    );
    for (const urls of Object.values(linear.trackingEvents) as string[][]) {
      expect(urls.every((url) => url.startsWith(`${origin}/api/ads/track?token=`))).toBe(true);
    }
    expect(linear.videoClickThroughURLTemplate.url).toBe('https://shoes.example/buy?utm=vast&x=1');
    expect(linear.videoClickTrackingURLTemplates[0]!.url).toMatch(/\/api\/ads\/track\?token=.+&event=click$/);

    const tracker = new VASTTracker(client, ad, creative);
    const clickThrough: string[] = [];
    tracker.on('clickthrough', (url: string) => clickThrough.push(url));
    const fired = [
      ...(await firedBy(() => tracker.trackImpression())),
      ...(await firedBy(() => tracker.setProgress(1))),
      ...(await firedBy(() => tracker.setProgress(8))),
      ...(await firedBy(() => tracker.setProgress(15.5))),
      ...(await firedBy(() => tracker.setProgress(23))),
      ...(await firedBy(() => tracker.complete())),
      ...(await firedBy(() => tracker.skip())),
      ...(await firedBy(() => tracker.click())),
    ];
    expect(fired.length).toBeGreaterThanOrEqual(8);
    expect(fired.every((call) => call.status === 204)).toBe(true);
    expect(clickThrough).toEqual(['https://shoes.example/buy?utm=vast&x=1']);

    const { rows } = await sut.db.query<{
      kind: string;
      charge_micros: string;
      placement_type: string;
      position: number;
    }>(
      'select kind, charge_micros, placement_type, position from ad_events where session_id = $1 order by id',
      [sessionId],
    );
    expect(rows.map((row) => row.kind)).toEqual([
      'start',
      'first_quartile',
      'midpoint',
      'third_quartile',
      'complete',
      'skip',
      'click',
    ]);
    expect(rows[0]).toEqual({
      kind: 'start',
      charge_micros: '8000',
      placement_type: 'mid_roll',
      position: 300,
    });
    const card = (
      await sut.api.inject({ method: 'GET', url: `/api/ads/campaigns/${campaignId}`, headers: ADMIN })
    ).json();
    expect(card).toMatchObject({ impressions: 1, clicks: 1, spent: 0.008 });

    // Played again by the same player: every call is a repeat, still 204, nothing recorded twice.
    const again = await firedBy(() => {
      const replay = new VASTTracker(client, ad, creative);
      replay.trackImpression();
      replay.setProgress(1);
      replay.complete();
    });
    expect(again.every((call) => call.status === 204)).toBe(true);
    expect((await sut.db.query('select 1 from ad_events where session_id = $1', [sessionId])).rowCount).toBe(
      7,
    );
  });

  test('URLs are absolute for the address the gateway was reached at', async () => {
    const response = await sut.api.inject({
      method: 'GET',
      url: `/api/ads/vast?filmId=${FILM.id}&position=0`,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'kinora.example', host: 'ads:3004' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const body = response.body;
    expect(body).toContain('<VAST version="4.0"');
    expect(body).toContain('<Linear skipoffset="00:00:05">');
    expect(body).toContain('<Duration>00:00:30.000</Duration>');
    expect(body).toContain(`https://kinora.example${videoUrl(VIDEOS.shoes)}`);
    expect(body).toContain('<Impression id="kinora">https://kinora.example/api/ads/track?token=');
    expect(body).toContain(
      '<ClickThrough id="kinora">https://shoes.example/buy?utm=vast&amp;x=1</ClickThrough>',
    );
    expect(body).not.toContain('ads:3004');
    const forged = await sut.api.inject({
      method: 'GET',
      url: `/api/ads/vast?filmId=${FILM.id}&position=0`,
      headers: {
        'x-forwarded-proto': 'javascript',
        'x-forwarded-host': 'evil.example/"><x',
        host: 'kinora.example',
      },
    });
    expect(forged.body).toContain('http://kinora.example/api/ads/track?token=');
    expect(forged.body).not.toContain('evil.example');
  });

  test('no ad is an empty <VAST>', async () => {
    const client = new VASTClient();
    const response = await client.get(`${origin}/api/ads/vast?filmId=${OTHER_FILM.id}&position=0`);
    expect(response.ads).toEqual([]);
    const raw = await fetch(`${origin}/api/ads/vast?filmId=${OTHER_FILM.id}&position=0`);
    expect(await raw.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.0" xmlns="http://www.iab.com/VAST"/>\n',
    );
  });
});
