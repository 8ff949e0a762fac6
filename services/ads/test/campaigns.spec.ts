import { fromBinary } from '@bufbuild/protobuf';
import { CampaignChangedSchema } from '@kinora/proto';
import {
  ADMIN,
  createAdvertiser,
  createCampaign,
  creative,
  hoursFromNow,
  member,
  startAds,
  VIDEOS,
  videoUrl,
  type Ads,
} from './harness';

let sut: Ads;

beforeAll(async () => {
  sut = await startAds();
}, 120_000);

afterAll(() => sut?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = ADMIN) =>
  sut.api.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function campaignEvents(campaignId: number) {
  const { rows } = await sut.db.query<{ payload: Buffer }>(
    `select payload from outbox where type = 'kinora.ads.v1.CampaignChanged' and key = $1 order by created_at`,
    [String(campaignId)],
  );
  return rows.map((row) => fromBinary(CampaignChangedSchema, row.payload));
}

describe('who manages ads', () => {
  test.each([
    ['GET', '/api/ads/advertisers'],
    ['POST', '/api/ads/advertisers'],
    ['PATCH', '/api/ads/advertisers/1'],
    ['DELETE', '/api/ads/advertisers/1'],
    ['GET', '/api/ads/campaigns'],
    ['POST', '/api/ads/campaigns'],
    ['GET', '/api/ads/campaigns/1'],
    ['PATCH', '/api/ads/campaigns/1'],
    ['DELETE', '/api/ads/campaigns/1'],
    ['POST', '/api/ads/campaigns/1/creatives'],
    ['PATCH', '/api/ads/creatives/1'],
    ['DELETE', '/api/ads/creatives/1'],
    ['GET', '/api/ads/creative-videos'],
    ['GET', '/api/ads/optimizations'],
  ] as const)('%s %s: 401 for a visitor, 403 for a member', async (method, url) => {
    const payload = method === 'POST' || method === 'PATCH' ? {} : undefined;
    const anonymous = await call(method, url, payload, {} as typeof ADMIN);
    expect([anonymous.statusCode, anonymous.json().message]).toEqual([401, 'Unauthorized']);
    const plain = await call(method, url, payload, member('someone') as unknown as typeof ADMIN);
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });
});

describe('advertisers', () => {
  test('create, list with campaign counts, rename, unique names, delete only without campaigns', async () => {
    const created = await call('POST', '/api/ads/advertisers', {
      name: '  Acme Drinks ',
      websiteUrl: 'https://acme.example',
    });
    expect(created.statusCode).toBe(201);
    const acme = created.json();
    expect(acme).toEqual({
      id: expect.any(Number),
      name: 'Acme Drinks',
      websiteUrl: 'https://acme.example',
      createdAt: expect.any(String),
      campaignCount: 0,
    });
    const duplicate = await call('POST', '/api/ads/advertisers', { name: 'acme drinks' });
    expect([duplicate.statusCode, duplicate.json().message]).toEqual([
      409,
      'An advertiser named "acme drinks" already exists',
    ]);

    await createCampaign(sut.api, { advertiserId: acme.id, status: 'draft' });
    const listed = (await call('GET', '/api/ads/advertisers')).json() as {
      id: number;
      campaignCount: number;
    }[];
    expect(listed.find((a) => a.id === acme.id)?.campaignCount).toBe(1);

    const renamed = await call('PATCH', `/api/ads/advertisers/${acme.id}`, {
      name: 'Acme Beverages',
      websiteUrl: '',
    });
    expect(renamed.json()).toMatchObject({ name: 'Acme Beverages', websiteUrl: null });

    const blocked = await call('DELETE', `/api/ads/advertisers/${acme.id}`);
    expect([blocked.statusCode, blocked.json().message]).toEqual([
      409,
      `Advertiser ${acme.id} still has campaigns: delete them first`,
    ]);
    const lonely = await createAdvertiser(sut.api);
    expect((await call('DELETE', `/api/ads/advertisers/${lonely.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/ads/advertisers/${lonely.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/ads/advertisers/${lonely.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  test('bad advertiser input is a 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^name must be 1 to 100 characters/],
      [{ name: '   ' }, /^name must be 1 to 100 characters/],
      [{ name: 'x'.repeat(101) }, /^name must be 1 to 100 characters/],
      [{ name: 42 }, /^name must be/],
      [{ name: 'Ok', websiteUrl: 'ftp://nope.example' }, /^websiteUrl must be an http\(s\) URL/],
      [{ name: 'Ok', websiteUrl: 'not a url' }, /^websiteUrl must be an http\(s\) URL/],
      [{ name: 'Ok', extra: 1 }, /property extra should not exist/],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/ads/advertisers', payload);
      expect([JSON.stringify(payload), response.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(response.json().message).toMatch(message);
    }
    const badId = await call('PATCH', '/api/ads/advertisers/abc', { name: 'x' });
    expect([badId.statusCode, badId.json().message]).toEqual([400, 'id must be a positive integer']);
    const nullName = await call('PATCH', '/api/ads/advertisers/1', { name: null });
    expect(nullName.statusCode).toBe(400);
  });
});

describe('campaigns', () => {
  test('create with creatives, read back in dollars, change, delete: each announced by CampaignChanged', async () => {
    const advertiser = await createAdvertiser(sut.api, 'Fizz Co');
    const startsAt = hoursFromNow(-1);
    const endsAt = hoursFromNow(47);
    const response = await call('POST', '/api/ads/campaigns', {
      advertiserId: advertiser.id,
      name: 'Summer fizz',
      budget: 1234.56,
      cpm: 7.5,
      startsAt,
      endsAt,
      delivery: 'even',
      targeting: {
        genres: ['drama', 'Comedy'],
        countries: ['gb', 'US'],
        ageMin: 18,
        ageMax: 35,
        deviceTypes: ['mobile'],
      },
      creatives: [creative('One'), { ...creative('Two'), videoUrl: videoUrl(VIDEOS.shoes), duration: 30 }],
    });
    expect(response.statusCode).toBe(201);
    const campaign = response.json();
    expect(campaign).toEqual({
      id: expect.any(Number),
      advertiserId: advertiser.id,
      advertiserName: 'Fizz Co',
      name: 'Summer fizz',
      status: 'draft',
      effectiveStatus: 'draft',
      budget: 1234.56,
      cpm: 7.5,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      delivery: 'even',
      capPerViewerDay: 3,
      capPerSession: 1,
      targeting: {
        genres: ['Drama', 'Comedy'],
        countries: ['GB', 'US'],
        ageMin: 18,
        ageMax: 35,
        interests: [],
        deviceTypes: ['mobile'],
      },
      creatives: [
        { id: expect.any(Number), campaignId: expect.any(Number), ...creative('One') },
        {
          id: expect.any(Number),
          campaignId: expect.any(Number),
          ...creative('Two'),
          videoUrl: videoUrl(VIDEOS.shoes),
          duration: 30,
        },
      ],
      spent: 0,
      impressions: 0,
      clicks: 0,
      pacing: 'behind',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const stored = await sut.db.query('select budget_micros, cpm_micros from campaigns where id = $1', [
      campaign.id,
    ]);
    expect(stored.rows[0]).toEqual({ budget_micros: '1234560000', cpm_micros: '7500000' });

    expect((await call('GET', `/api/ads/campaigns/${campaign.id}`)).json()).toEqual(campaign);
    const all = (await call('GET', '/api/ads/campaigns')).json() as { id: number }[];
    expect(all[0]!.id).toBe(campaign.id);

    const changed = await call('PATCH', `/api/ads/campaigns/${campaign.id}`, {
      status: 'active',
      budget: 50,
      targeting: { countries: ['FR'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'active',
      budget: 50,
      cpm: 7.5,
      name: 'Summer fizz',
      targeting: {
        genres: [],
        countries: ['FR'],
        ageMin: null,
        ageMax: null,
        interests: [],
        deviceTypes: [],
      },
    });

    const added = await call('POST', `/api/ads/campaigns/${campaign.id}/creatives`, creative('Three'));
    expect(added.statusCode).toBe(201);
    const third = added.json();
    const edited = await call('PATCH', `/api/ads/creatives/${third.id}`, {
      title: 'Three, edited',
      duration: 12.5,
    });
    expect(edited.json()).toMatchObject({
      id: third.id,
      title: 'Three, edited',
      duration: 12.5,
      description: 'Cold and bubbly.',
    });
    expect((await call('DELETE', `/api/ads/creatives/${third.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/ads/creatives/${third.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/ads/creatives/${third.id}`, { title: 'x' })).statusCode).toBe(404);

    expect((await call('DELETE', `/api/ads/campaigns/${campaign.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/ads/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/ads/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect(await sut.db.query('select 1 from creatives where campaign_id = $1', [campaign.id])).toMatchObject(
      { rowCount: 0 },
    );

    const events = await campaignEvents(campaign.id);
    expect(events.map((event) => [event.status, event.budgetMicros, event.deleted])).toEqual([
      ['draft', 1_234_560_000n, false],
      ['active', 50_000_000n, false],
      ['active', 50_000_000n, true],
    ]);
    expect(events[0]).toMatchObject({
      campaignId: String(campaign.id),
      name: 'Summer fizz',
      advertiserName: 'Fizz Co',
      cpmMicros: 7_500_000n,
    });
  });

  test('a campaign past its end is served as ended; the upkeep announces it once and logs it', async () => {
    const advertiser = await createAdvertiser(sut.api);
    const campaign = await createCampaign(sut.api, {
      advertiserId: advertiser.id,
      startsAt: hoursFromNow(-48),
      endsAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect(campaign).toMatchObject({ status: 'active', effectiveStatus: 'active', pacing: 'behind' });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const read = (await call('GET', `/api/ads/campaigns/${campaign.id}`)).json();
    expect(read).toMatchObject({ status: 'active', effectiveStatus: 'ended', pacing: 'ended' });
    await sut.upkeep();
    await sut.upkeep();
    const events = await campaignEvents(campaign.id);
    expect(events.map((event) => event.status)).toEqual(['active', 'ended']);
    const log = (await call('GET', '/api/ads/optimizations?limit=100')).json() as {
      campaignId: number;
      kind: string;
      detail: string;
      campaignName: string;
    }[];
    const mine = log.filter((line) => line.campaignId === campaign.id);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'flight_ended',
        count: 1,
        campaignName: campaign.name,
        detail: 'Flight ended: $0.00 of $100.00 spent over 0 impressions',
      }),
    ]);
    // Moving the end ahead reopens the flight: its end is announced again when it comes.
    const reopened = await call('PATCH', `/api/ads/campaigns/${campaign.id}`, { endsAt: hoursFromNow(5) });
    expect(reopened.json()).toMatchObject({ effectiveStatus: 'active' });
    expect(
      (await sut.db.query('select flight_ended_at from campaigns where id = $1', [campaign.id])).rows[0]
        .flight_ended_at,
    ).toBeNull();
  });

  test('creative videos: the labelled HLS masters under MEDIA_ROOT/ads', async () => {
    const response = await call('GET', '/api/ads/creative-videos');
    expect(response.json()).toEqual([
      { videoUrl: videoUrl(VIDEOS.shoes), duration: 30, label: 'Running shoes' },
      { videoUrl: videoUrl(VIDEOS.water), duration: 15, label: 'Sparkling water' },
    ]);
  });

  test('every bad campaign or creative input is a 400 naming the field, and nothing is written', async () => {
    const advertiser = await createAdvertiser(sut.api);
    const valid = {
      advertiserId: advertiser.id,
      name: 'Valid',
      budget: 10,
      cpm: 2,
      startsAt: hoursFromNow(0),
      endsAt: hoursFromNow(10),
      delivery: 'even',
    };
    const before = (await sut.db.query('select count(*)::int as n from campaigns')).rows[0].n;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ advertiserId: undefined }, /^advertiserId must be a positive integer/],
      [{ advertiserId: 'x' }, /^advertiserId must be a positive integer/],
      [{ advertiserId: 999999 }, /^advertiserId must name an advertiser/],
      [{ name: '' }, /^name must be 1 to 100/],
      [{ budget: 0.5 }, /^budget must be a number of dollars from 1 to 1000000/],
      [{ budget: 1_000_001 }, /^budget must be/],
      [{ budget: 10.555 }, /^budget must be .* at most 2 decimals/],
      [{ budget: '10' }, /^budget must be/],
      [{ cpm: 0.05 }, /^cpm must be a number of dollars from 0.1 to 1000/],
      [{ cpm: 1001 }, /^cpm must be/],
      [{ startsAt: 'tomorrow' }, /^startsAt must be an ISO 8601 date-time/],
      [{ endsAt: '2026-02-30T00:00:00Z' }, /^endsAt must be an ISO 8601 date-time/],
      [{ endsAt: hoursFromNow(-5) }, /^endsAt must be after startsAt/],
      [{ delivery: 'fast' }, /^delivery must be one of even, asap/],
      [{ capPerViewerDay: 0 }, /^capPerViewerDay must be an integer from 1 to 100/],
      [{ capPerViewerDay: 101 }, /^capPerViewerDay must be/],
      [{ capPerViewerDay: null }, /^capPerViewerDay must be/],
      [{ capPerSession: 11 }, /^capPerSession must be an integer from 1 to 10/],
      [{ capPerSession: 1.5 }, /^capPerSession must be/],
      [{ status: 'live' }, /^status must be one of draft, active, paused, ended/],
      [{ targeting: 'everyone' }, /^targeting must be an object/],
      [{ targeting: { genres: ['Polka'] } }, /^targeting.genres must be a list of genres/],
      [{ targeting: { genres: 'Drama' } }, /^targeting.genres must be a list/],
      [{ targeting: { countries: ['USA'] } }, /^targeting.countries must be a list of ISO 3166-1 alpha-2/],
      [{ targeting: { countries: [1] } }, /^targeting.countries must be/],
      [{ targeting: { ageMin: 12 } }, /^targeting.ageMin must be an integer from 13 to 120/],
      [{ targeting: { ageMax: 121 } }, /^targeting.ageMax must be an integer from 13 to 120/],
      [{ targeting: { ageMin: 40, ageMax: 30 } }, /^targeting.ageMin must not be above targeting.ageMax/],
      [{ targeting: { interests: [''] } }, /^targeting.interests must be a list/],
      [
        { targeting: { interests: Array.from({ length: 21 }, (_, i) => `i${i}`) } },
        /^targeting.interests must be a list of at most 20/,
      ],
      [
        { targeting: { deviceTypes: ['watch'] } },
        /^targeting.deviceTypes must be a list of mobile, tablet, desktop, tv/,
      ],
      [{ targeting: { nope: 1 } }, /^targeting.nope: property nope should not exist/],
      [{ creatives: 'one' }, /^creatives must be a list/],
      [{ creatives: [{ ...creative(), title: '' }] }, /^creatives.0.title must be 1 to 100 characters/],
      [
        { creatives: [{ ...creative(), description: 'x'.repeat(501) }] },
        /^creatives.0.description must be a text of at most 500/,
      ],
      [
        { creatives: [{ ...creative(), duration: 0 }] },
        /^creatives.0.duration must be a number of seconds from 1 to 120/,
      ],
      [{ creatives: [{ ...creative(), duration: 121 }] }, /^creatives.0.duration must be/],
      [
        { creatives: [{ ...creative(), clickUrl: 'javascript:alert(1)' }] },
        /^creatives.0.clickUrl must be an http\(s\) URL/,
      ],
      [
        { creatives: [{ ...creative(), videoUrl: '/media/ads/unlabelled/master.m3u8' }] },
        /^creatives.0.videoUrl must be one of the creative videos/,
      ],
      [
        { creatives: [creative(), { ...creative(), videoUrl: 'https://evil.example/x.m3u8' }] },
        /^creatives.1.videoUrl must be one of the creative videos/,
      ],
      [{ creatives: [1] }, /creatives/],
    ];
    for (const [change, message] of cases) {
      const response = await call('POST', '/api/ads/campaigns', { ...valid, ...change });
      expect([JSON.stringify(change), response.statusCode]).toEqual([JSON.stringify(change), 400]);
      expect([JSON.stringify(change), response.json().message]).toEqual([
        JSON.stringify(change),
        expect.stringMatching(message),
      ]);
    }
    expect((await sut.db.query('select count(*)::int as n from campaigns')).rows[0].n).toBe(before);

    const campaign = await createCampaign(sut.api, { advertiserId: advertiser.id });
    const patches: Array<[Record<string, unknown>, RegExp]> = [
      [{ budget: null }, /^budget must be/],
      [{ name: null }, /^name must be/],
      [{ endsAt: hoursFromNow(-3) }, /^endsAt must be after startsAt/],
      [{ creatives: [] }, /property creatives should not exist/],
      [{ advertiserId: 999999 }, /^advertiserId must name an advertiser/],
    ];
    for (const [change, message] of patches) {
      const response = await call('PATCH', `/api/ads/campaigns/${campaign.id}`, change);
      expect([JSON.stringify(change), response.statusCode, response.json().message]).toEqual([
        JSON.stringify(change),
        400,
        expect.stringMatching(message),
      ]);
    }
    const creativeId = campaign.creatives[0]!.id;
    for (const [change, message] of [
      [{ videoUrl: '/media/films/1/master.m3u8' }, /^videoUrl must be one of the creative videos/],
      [{ title: null }, /^title must be/],
      [{ clickUrl: 'mailto:a@b.c' }, /^clickUrl must be an http\(s\) URL/],
    ] as Array<[Record<string, unknown>, RegExp]>) {
      const response = await call('PATCH', `/api/ads/creatives/${creativeId}`, change);
      expect([response.statusCode, response.json().message]).toEqual([400, expect.stringMatching(message)]);
    }
    const missing = await call('POST', '/api/ads/campaigns/999999/creatives', creative());
    expect(missing.statusCode).toBe(404);
    const badBody = await call('POST', `/api/ads/campaigns/${campaign.id}/creatives`, { title: 'x' });
    expect([badBody.statusCode, badBody.json().message]).toEqual([
      400,
      expect.stringMatching(/description.*videoUrl.*duration.*clickUrl/s),
    ]);
    for (const url of ['/api/ads/campaigns/0', '/api/ads/campaigns/1.5', '/api/ads/campaigns/99999999999']) {
      const response = await call('GET', url);
      expect([url, response.statusCode, response.json().message]).toEqual([
        url,
        400,
        'id must be a positive integer',
      ]);
    }
    const notJson = await sut.api.inject({
      method: 'POST',
      url: '/api/ads/campaigns',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/JSON/);
    const badLimit = await call('GET', '/api/ads/optimizations?limit=0');
    expect([badLimit.statusCode, badLimit.json().message]).toEqual([
      400,
      'limit must be an integer between 1 and 100',
    ]);
  });
});
