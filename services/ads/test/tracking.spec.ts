import { fromBinary } from '@bufbuild/protobuf';
import { encodeEvent, eventually } from '@kinora/common/testing';
import { AdEventKind, AdEventRecordedSchema, PlacementType, topicOf, UserDeletedSchema } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import {
  ADMIN,
  createAdvertiser,
  createCampaign,
  member,
  publishFilm,
  select,
  startAds,
  visitor,
  type Ads,
  type SelectedAd,
} from './harness';

let sut: Ads;
let campaignId: number;
const FILM = { id: 301, seconds: 1200, genre: 'Family' };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ME = visitor('81.2.69.160', IPHONE);
const SOMEONE_ELSE = visitor('85.214.132.117', IPHONE);

beforeAll(async () => {
  sut = await startAds();
  await publishFilm(sut, FILM);
  const advertiser = await createAdvertiser(sut.api, 'Tracking Advertiser');
  // $4 CPM: $0.004 an impression.
  campaignId = (
    await createCampaign(sut.api, {
      advertiserId: advertiser.id,
      cpm: 4,
      capPerViewerDay: 100,
      capPerSession: 10,
    })
  ).id;
}, 120_000);

afterAll(() => sut?.close());

async function selected(headers: Record<string, string> = ME, position = 600) {
  const sessionId = randomUUID();
  const ad = (await select(
    sut.api,
    { filmId: FILM.id, position, placementType: 'mid_roll', sessionId },
    headers,
  )) as SelectedAd;
  expect(ad).not.toBeNull();
  return { ad, sessionId };
}

const view = (body: Record<string, unknown>, headers: Record<string, string> = ME) =>
  sut.api.inject({ method: 'POST', url: '/api/ads/view', headers, payload: body });

const track = (query: string, headers: Record<string, string> = ME) =>
  sut.api.inject({ method: 'GET', url: `/api/ads/track?${query}`, headers });

async function recordedEvents(sessionId: string) {
  const { rows } = await sut.db.query<{ payload: Buffer }>(
    `select payload from outbox where type = 'kinora.ads.v1.AdEventRecorded' order by created_at`,
  );
  return rows
    .map((row) => fromBinary(AdEventRecordedSchema, row.payload))
    .filter((e) => e.sessionId === sessionId);
}

const card = async () =>
  (await sut.api.inject({ method: 'GET', url: `/api/ads/campaigns/${campaignId}`, headers: ADMIN })).json();

describe('recording', () => {
  test('each (session, ad, event) once; start charges once; each recorded event goes to the outbox', async () => {
    const before = await card();
    const { ad, sessionId } = await selected();
    const base = { adId: ad.id, filmId: FILM.id, sessionId, userId: 'ignored', token: ad.token };
    // The spec's start payload names its event.
    const first = await view({ ...base, deviceType: 'mobile', viewStartTime: new Date().toISOString() });
    expect([first.statusCode, first.json()]).toEqual([200, { recorded: true }]);
    expect((await view({ ...base, event: 'start' })).json()).toEqual({ recorded: false });
    for (const event of ['first_quartile', 'midpoint', 'third_quartile', 'complete']) {
      expect((await view({ ...base, event })).json()).toEqual({ recorded: true });
    }
    expect(
      (
        await view({ ...base, viewDuration: 6.5, wasSkipped: true, skipTime: new Date().toISOString() })
      ).json(),
    ).toEqual({
      recorded: true,
    });
    expect((await view({ ...base, clicked: true, clickTime: new Date().toISOString() })).json()).toEqual({
      recorded: true,
    });
    expect((await view({ ...base, clicked: true, clickTime: 12 })).json()).toEqual({ recorded: false });

    const after = await card();
    expect(after.impressions - before.impressions).toBe(1);
    expect(after.clicks - before.clicks).toBe(1);
    expect(Math.round((after.spent - before.spent) * 1e6)).toBe(4_000);

    const events = await recordedEvents(sessionId);
    expect(events.map((event) => event.kind)).toEqual([
      AdEventKind.START,
      AdEventKind.FIRST_QUARTILE,
      AdEventKind.MIDPOINT,
      AdEventKind.THIRD_QUARTILE,
      AdEventKind.COMPLETE,
      AdEventKind.SKIP,
      AdEventKind.CLICK,
    ]);
    expect(events[0]).toMatchObject({
      sessionId,
      adId: String(ad.id),
      campaignId: String(campaignId),
      advertiserName: 'Tracking Advertiser',
      filmId: BigInt(FILM.id),
      placementType: PlacementType.MID_ROLL,
      positionSeconds: 600,
      chargeMicros: 4_000n,
      userId: '',
      deviceType: 'mobile',
      country: 'GB',
      viewDurationSeconds: 0,
    });
    expect(events[5]).toMatchObject({ kind: AdEventKind.SKIP, chargeMicros: 0n, viewDurationSeconds: 6.5 });
    const rows = await sut.db.query(
      'select kind, charge_micros, viewer_key from ad_events where session_id = $1',
      [sessionId],
    );
    expect(rows.rowCount).toBe(7);
  });

  test('a signed-in member’s ad is recorded under them', async () => {
    const { ad, sessionId } = await selected(member('member-7'));
    const response = await view(
      { adId: ad.id, filmId: FILM.id, sessionId, token: ad.token, event: 'start' },
      member('member-7'),
    );
    expect(response.json()).toEqual({ recorded: true });
    expect((await recordedEvents(sessionId))[0]).toMatchObject({ userId: 'member-7' });
  });

  test('a member who deleted their account is unlinked from their ad events; nothing charged changes', async () => {
    const { ad, sessionId } = await selected(member('member-8'));
    await view(
      { adId: ad.id, filmId: FILM.id, sessionId, token: ad.token, event: 'start' },
      member('member-8'),
    );
    const before = await card();
    const { eventId, value } = encodeEvent(UserDeletedSchema, {
      user: { userId: 'member-8', email: 'deleted-member-8@deleted.invalid' },
      version: 2n,
    });
    const topic = `${sut.kafka.prefix}${topicOf(UserDeletedSchema)}`;
    await sut.producer.send({
      topic,
      messages: [
        { key: 'member-8', value },
        { key: 'member-8', value },
      ],
    });
    await eventually(
      async () =>
        (await sut.db.query('select 1 from processed_events where event_id = $1', [eventId])).rowCount === 1,
      20_000,
      'the deletion',
    );
    const { rows } = await sut.db.query(
      'select user_id, charge_micros from ad_events where session_id = $1',
      [sessionId],
    );
    expect(rows).toStrictEqual([{ user_id: null, charge_micros: '4000' }]);
    expect(await card()).toStrictEqual(before);
  });

  test('concurrent repeats of a start record and charge it once', async () => {
    const before = await card();
    const { ad, sessionId } = await selected();
    const body = { adId: ad.id, filmId: FILM.id, sessionId, token: ad.token, event: 'start' };
    const responses = await Promise.all(Array.from({ length: 8 }, () => view(body)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(responses.filter((r) => r.json().recorded === true)).toHaveLength(1);
    const after = await card();
    expect(after.impressions - before.impressions).toBe(1);
    expect(Math.round((after.spent - before.spent) * 1e6)).toBe(4_000);
  });

  test('GET track records the same for VAST players, 204 also for a repeat', async () => {
    const { ad, sessionId } = await selected();
    const token = encodeURIComponent(ad.token);
    expect((await track(`token=${token}&event=start`)).statusCode).toBe(204);
    expect((await track(`token=${token}&event=start`)).statusCode).toBe(204);
    expect((await track(`token=${token}&event=click`)).statusCode).toBe(204);
    expect((await recordedEvents(sessionId)).map((event) => event.kind)).toEqual([
      AdEventKind.START,
      AdEventKind.CLICK,
    ]);
    const bad = await track(`token=${token}&event=pause`);
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      expect.stringMatching(/^event must be one of start, /),
    ]);
    const noEvent = await track(`token=${token}`);
    expect(noEvent.statusCode).toBe(400);
    const noToken = await track('event=start');
    expect([noToken.statusCode, noToken.json().message]).toEqual([
      403,
      'token is missing or is not the token of this ad',
    ]);
    const forged = await track(`token=${token.slice(0, -4)}AAAA&event=start`);
    expect(forged.statusCode).toBe(403);
    const twice = await track(`token=${token}&token=${token}&event=start`);
    expect(twice.statusCode).toBe(400);
  });

  test('an ad is charged at its start though its campaign was paused since; not once the campaign is deleted', async () => {
    const advertiser = await createAdvertiser(sut.api, 'Stopping Advertiser');
    // $8 CPM, above the suite's campaign: its ads are the ones selected while it runs.
    const other = () =>
      createCampaign(sut.api, {
        advertiserId: advertiser.id,
        cpm: 8,
        capPerViewerDay: 100,
        capPerSession: 10,
      });
    const start = async (change: (id: number) => Promise<unknown>) => {
      const id = (await other()).id;
      const { ad, sessionId } = await selected();
      expect(ad.campaignId).toBe(id);
      await change(id);
      const response = await view({
        adId: ad.id,
        filmId: FILM.id,
        sessionId,
        token: ad.token,
        event: 'start',
      });
      expect(response.json()).toEqual({ recorded: true });
      return (await recordedEvents(sessionId))[0];
    };
    const paused = await start((id) =>
      sut.api.inject({
        method: 'PATCH',
        url: `/api/ads/campaigns/${id}`,
        headers: ADMIN,
        payload: { status: 'paused' },
      }),
    );
    expect(paused).toMatchObject({ chargeMicros: 8_000n, advertiserName: 'Stopping Advertiser' });
    const deleted = await start((id) =>
      sut.api.inject({ method: 'DELETE', url: `/api/ads/campaigns/${id}`, headers: ADMIN }),
    );
    expect(deleted).toMatchObject({ chargeMicros: 0n, advertiserName: '' });
  });
});

describe('tokens', () => {
  test('a missing, forged, another ad’s or another viewer’s token is a 403', async () => {
    const mine = await selected();
    const other = await selected();
    const members = await selected(member('member-8'));
    const body = (overrides: Record<string, unknown> = {}) => ({
      adId: mine.ad.id,
      filmId: FILM.id,
      sessionId: mine.sessionId,
      token: mine.ad.token,
      event: 'start',
      ...overrides,
    });
    const cases: Array<[string, Record<string, unknown>, Record<string, string>, RegExp]> = [
      ['no token', body({ token: undefined }), ME, /token is missing or is not the token of this ad/],
      ['a forged token', body({ token: `${mine.ad.token.slice(0, -3)}abc` }), ME, /not the token of this ad/],
      ['junk', body({ token: 'abc' }), ME, /not the token of this ad/],
      ['another session', body({ sessionId: randomUUID() }), ME, /not the token of this ad/],
      ['another film', body({ filmId: FILM.id + 1 }), ME, /not the token of this ad/],
      ['another ad', body({ adId: mine.ad.id + 1000 }), ME, /not the token of this ad/],
      [
        'a session of another selection',
        body({ sessionId: other.sessionId }),
        ME,
        /not the token of this ad/,
      ],
      ['another visitor', body(), SOMEONE_ELSE, /selected for someone else/],
      [
        'a member with a visitor’s token',
        body(),
        { ...ME, ...member('member-8') },
        /selected for someone else/,
      ],
      [
        'a visitor with a member’s token',
        body({ adId: members.ad.id, sessionId: members.sessionId, token: members.ad.token }),
        ME,
        /selected for someone else/,
      ],
      [
        'another member with a member’s token',
        body({ adId: members.ad.id, sessionId: members.sessionId, token: members.ad.token }),
        member('member-9'),
        /selected for someone else/,
      ],
    ];
    for (const [name, payload, headers, message] of cases) {
      const response = await view(payload, headers);
      expect([name, response.statusCode]).toEqual([name, 403]);
      expect([name, response.json().message]).toEqual([name, expect.stringMatching(message)]);
    }
    expect(
      await sut.db.query('select 1 from ad_events where session_id = $1', [mine.sessionId]),
    ).toMatchObject({ rowCount: 0 });
    const forOther = await track(`token=${encodeURIComponent(mine.ad.token)}&event=start`, SOMEONE_ELSE);
    expect(forOther.statusCode).toBe(403);
  });
});

describe('bad payloads', () => {
  test('select: every bad field is a 400 naming it', async () => {
    const valid = { filmId: FILM.id, position: 0, placementType: 'pre_roll', sessionId: randomUUID() };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ filmId: undefined }, /^filmId must be a positive integer$/],
      [{ filmId: 'x' }, /^filmId must be a positive integer$/],
      [{ filmId: 0 }, /^filmId must be a positive integer$/],
      [{ filmId: 1.5 }, /^filmId must be a positive integer$/],
      [{ filmId: 2_147_483_648 }, /^filmId must be a positive integer$/],
      [{ position: undefined }, /^position must be a number of seconds from 0 to 86400$/],
      [{ position: -1 }, /^position must be/],
      [{ position: '10' }, /^position must be/],
      [{ position: 86_401 }, /^position must be/],
      [{ position: 1201 }, /^position must be within the film \(0 to 1200 seconds\)$/],
      [{ placementType: 'middle' }, /^placementType must be one of pre_roll, mid_roll, post_roll$/],
      [{ placementType: undefined }, /^placementType must be one of/],
      [{ sessionId: 'nope' }, /^sessionId must be a UUID$/],
      [{ sessionId: undefined }, /^sessionId must be a UUID$/],
      [{ userDemographics: 'young' }, /^userDemographics must be an object/],
      [
        { userDemographics: { country: 'USA' } },
        /^userDemographics.country must be an ISO 3166-1 alpha-2 country code$/,
      ],
      [{ userDemographics: { country: 12 } }, /^userDemographics.country must be/],
      [{ userDemographics: { age: 0 } }, /^userDemographics.age must be an integer from 1 to 120$/],
      [{ userDemographics: { age: 'old' } }, /^userDemographics.age must be/],
      [{ userDemographics: { age: 121 } }, /^userDemographics.age must be/],
      [{ userDemographics: { interests: 'cars' } }, /^userDemographics.interests must be a list/],
      [{ userDemographics: { interests: [''] } }, /^userDemographics.interests must be a list/],
      [{ userDemographics: { interests: ['x'.repeat(51)] } }, /^userDemographics.interests must be a list/],
      [
        { userDemographics: { shoeSize: 44 } },
        /^userDemographics.shoeSize: property shoeSize should not exist$/,
      ],
      [{ deviceType: 'fridge' }, /^deviceType must be one of mobile, tablet, desktop, tv$/],
      [{ extra: true }, /^extra: property extra should not exist$/],
    ];
    for (const [change, message] of cases) {
      const response = await sut.api.inject({
        method: 'POST',
        url: '/api/ads/select',
        payload: { ...valid, ...change },
      });
      expect([JSON.stringify(change), response.statusCode, response.json()]).toEqual([
        JSON.stringify(change),
        400,
        { statusCode: 400, error: 'Bad Request', message: expect.stringMatching(message) },
      ]);
    }
    const unknown = await sut.api.inject({
      method: 'POST',
      url: '/api/ads/select',
      payload: { ...valid, filmId: 999_999 },
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Film 999999 not found']);
    for (const payload of ['{"filmId":', '[]', 'null', '"text"']) {
      const response = await sut.api.inject({
        method: 'POST',
        url: '/api/ads/select',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect([payload, response.statusCode < 500, response.statusCode >= 400]).toEqual([payload, true, true]);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
    const text = await sut.api.inject({
      method: 'POST',
      url: '/api/ads/select',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect([text.statusCode, text.json().statusCode]).toEqual([400, 400]);
  });

  test('view: every bad field is a 400 naming it, before the token is looked at', async () => {
    const { ad, sessionId } = await selected();
    const valid = { adId: ad.id, filmId: FILM.id, sessionId, token: ad.token };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ event: 'start', adId: 'x' }, /^adId must be a positive integer$/],
      [{ event: 'start', adId: undefined }, /^adId must be a positive integer$/],
      [{ event: 'start', filmId: -3 }, /^filmId must be a positive integer$/],
      [{ event: 'start', sessionId: 'x' }, /^sessionId must be a UUID$/],
      [{ event: 'start', token: 5 }, /^token must be a text of at most 4096 characters$/],
      [{ event: 'start', token: 'x'.repeat(4097) }, /^token must be a text/],
      [
        { event: 'pause' },
        /^event must be one of start, first_quartile, midpoint, third_quartile, complete, skip, click$/,
      ],
      [{ event: 'start', deviceType: 'fridge' }, /^deviceType must be one of/],
      [
        { viewStartTime: 'yesterday' },
        /^viewStartTime must be an ISO 8601 date-time or a number of seconds$/,
      ],
      [{ wasSkipped: 'yes' }, /^wasSkipped must be a boolean$/],
      [{ wasSkipped: true, viewDuration: -1 }, /^viewDuration must be a number of seconds from 0 to 86400$/],
      [{ wasSkipped: true, skipTime: {} }, /^skipTime must be/],
      [{ clicked: 1 }, /^clicked must be a boolean$/],
      [{ clicked: true, clickTime: 'later' }, /^clickTime must be/],
      [{}, /^event is required/],
      [{ wasSkipped: false }, /^event is required/],
      [{ event: 'start', surprise: 1 }, /^surprise: property surprise should not exist$/],
    ];
    for (const [change, message] of cases) {
      const response = await view({ ...valid, ...change });
      expect([JSON.stringify(change), response.statusCode, response.json().message]).toEqual([
        JSON.stringify(change),
        400,
        expect.stringMatching(message),
      ]);
    }
    expect(await sut.db.query('select 1 from ad_events where session_id = $1', [sessionId])).toMatchObject({
      rowCount: 0,
    });
  });

  test('vast and placements: bad query or path is a 400 naming it', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/ads/vast', /filmId must be a positive integer/],
      ['/api/ads/vast?filmId=abc&position=0', /^filmId must be a positive integer$/],
      ['/api/ads/vast?filmId=301&position=', /^position must be a number of seconds from 0 to 86400$/],
      ['/api/ads/vast?filmId=301&position=-4', /^position must be/],
      ['/api/ads/vast?filmId=301&position=0&sessionId=nope', /^sessionId must be a UUID$/],
      ['/api/ads/vast?filmId=301&position=0&filmId=302', /^filmId must be a positive integer$/],
      ['/api/ads/vast?filmId=301&position=0&x=1', /^x: property x should not exist$/],
      ['/api/ads/vast?filmId=301&position=1201', /^position must be within the film/],
      ['/api/ads/placements/%00', /contains control or invalid characters/],
    ];
    for (const [url, message] of cases) {
      const response = await sut.api.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect([url, response.statusCode, response.json().message]).toEqual([
        url,
        400,
        expect.stringMatching(message),
      ]);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
    const unknown = await sut.api.inject({ method: 'GET', url: '/api/ads/vast?filmId=999999&position=0' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Film 999999 not found']);
  });
});
