// Every admin change to advertisers, campaigns and creatives is on the audit log: an
// AdminActionTaken event in the outbox, written with the change; a refused change writes none.
import { fromBinary } from '@bufbuild/protobuf';
import { AdminActionTakenSchema, topicOf } from '@kinora/proto';
import {
  ADMIN,
  createAdvertiser,
  createCampaign,
  creative,
  hoursFromNow,
  startAds,
  type Ads,
} from './harness';

let sut: Ads;

beforeAll(async () => {
  sut = await startAds();
}, 120_000);

afterAll(() => sut?.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  sut.api.inject({ method, url, headers: ADMIN, ...(payload === undefined ? {} : { payload }) });

/** The audit entries in the outbox, oldest first, as the admin service will read them. */
async function auditEntries() {
  const { rows } = await sut.db.query<{ payload: Buffer }>(
    'select payload from outbox where topic = $1 order by position',
    [topicOf(AdminActionTakenSchema)],
  );
  return rows.map((row) => {
    const event = fromBinary(AdminActionTakenSchema, row.payload);
    return {
      actor: event.actorUserId,
      action: event.action,
      target: `${event.targetType}:${event.targetId}:${event.targetLabel}`,
      details: event.detailsJson ? (JSON.parse(event.detailsJson) as Record<string, unknown>) : undefined,
    };
  });
}

/** The entries written by `act`, and its answer's status. */
async function logged(act: () => Promise<{ statusCode: number }>) {
  const before = (await auditEntries()).length;
  const { statusCode } = await act();
  return { statusCode, entries: (await auditEntries()).slice(before) };
}

const actor = ADMIN['x-user-id'];

test('advertisers: created, changed (the fields that changed) and deleted; refusals log nothing', async () => {
  const created = await logged(() => call('POST', '/api/ads/advertisers', { name: 'Audit Drinks' }));
  expect(created.statusCode).toBe(201);
  const id = (await auditEntries()).at(-1)!.target.split(':')[1];
  expect(created.entries).toEqual([
    { actor, action: 'advertiser.created', target: `advertiser:${id}:Audit Drinks`, details: undefined },
  ]);

  const changed = await logged(() =>
    call('PATCH', `/api/ads/advertisers/${id}`, {
      name: 'Audit Drinks',
      websiteUrl: 'https://audit.example',
    }),
  );
  expect(changed).toEqual({
    statusCode: 200,
    entries: [
      {
        actor,
        action: 'advertiser.changed',
        target: `advertiser:${id}:Audit Drinks`,
        details: { fields: ['websiteUrl'] },
      },
    ],
  });
  expect(await logged(() => call('PATCH', `/api/ads/advertisers/${id}`, { name: 'Audit Drinks' }))).toEqual({
    statusCode: 200,
    entries: [],
  });

  const other = await createAdvertiser(sut.api, 'Audit Other');
  await createCampaign(sut.api, { advertiserId: other.id });
  for (const [refused, status] of [
    [() => call('POST', '/api/ads/advertisers', { name: 'audit drinks' }), 409],
    [() => call('POST', '/api/ads/advertisers', { name: '  ' }), 400],
    [() => call('PATCH', `/api/ads/advertisers/${id}`, { name: 'Audit Other' }), 409],
    [() => call('PATCH', '/api/ads/advertisers/999999', { name: 'Nobody' }), 404],
    [() => call('DELETE', `/api/ads/advertisers/${other.id}`), 409],
    [() => call('DELETE', '/api/ads/advertisers/999999'), 404],
  ] as const) {
    expect(await logged(refused)).toEqual({ statusCode: status, entries: [] });
  }

  expect(await logged(() => call('DELETE', `/api/ads/advertisers/${id}`))).toEqual({
    statusCode: 204,
    entries: [
      { actor, action: 'advertiser.deleted', target: `advertiser:${id}:Audit Drinks`, details: undefined },
    ],
  });
});

test('campaigns: created, changed (a pause is status), deleted; refusals log nothing', async () => {
  const advertiser = await createAdvertiser(sut.api, 'Audit Campaigns Co');
  const before = (await auditEntries()).length;
  const campaign = await createCampaign(sut.api, { advertiserId: advertiser.id, name: 'Audit fizz' });
  expect((await auditEntries()).slice(before)).toEqual([
    {
      actor,
      action: 'campaign.created',
      target: `campaign:${campaign.id}:Audit fizz`,
      details: { advertiserId: advertiser.id, creatives: 1 },
    },
  ]);
  const url = `/api/ads/campaigns/${campaign.id}`;

  expect(await logged(() => call('PATCH', url, { status: 'paused' }))).toEqual({
    statusCode: 200,
    entries: [
      {
        actor,
        action: 'campaign.changed',
        target: `campaign:${campaign.id}:Audit fizz`,
        details: { fields: ['status'] },
      },
    ],
  });
  const resumed = await logged(() =>
    call('PATCH', url, { status: 'active', name: 'Audit fizz 2', budget: 250, cpm: campaign.cpm as number }),
  );
  expect(resumed.entries).toEqual([
    {
      actor,
      action: 'campaign.changed',
      target: `campaign:${campaign.id}:Audit fizz 2`,
      details: { fields: ['name', 'budget', 'status'] },
    },
  ]);
  expect(await logged(() => call('PATCH', url, { status: 'active' }))).toEqual({
    statusCode: 200,
    entries: [],
  });

  for (const [refused, status] of [
    [() => call('PATCH', url, { endsAt: hoursFromNow(-5) }), 400],
    [() => call('PATCH', url, { advertiserId: 999999 }), 400],
    [() => call('PATCH', '/api/ads/campaigns/999999', { status: 'paused' }), 404],
    [() => call('POST', '/api/ads/campaigns', { advertiserId: advertiser.id, name: 'No flight' }), 400],
    [() => call('DELETE', '/api/ads/campaigns/999999'), 404],
  ] as const) {
    expect(await logged(refused)).toEqual({ statusCode: status, entries: [] });
  }

  expect(await logged(() => call('DELETE', url))).toEqual({
    statusCode: 204,
    entries: [
      {
        actor,
        action: 'campaign.deleted',
        target: `campaign:${campaign.id}:Audit fizz 2`,
        details: undefined,
      },
    ],
  });
});

test('creatives: added, changed, deleted; refusals log nothing', async () => {
  const advertiser = await createAdvertiser(sut.api, 'Audit Creatives Co');
  const campaign = await createCampaign(sut.api, { advertiserId: advertiser.id, creatives: [] });
  const added = await logged(() =>
    call('POST', `/api/ads/campaigns/${campaign.id}/creatives`, creative('Pop')),
  );
  expect(added.statusCode).toBe(201);
  const id = added.entries[0]?.target.split(':')[1];
  expect(added.entries).toEqual([
    { actor, action: 'creative.added', target: `creative:${id}:Pop`, details: { campaignId: campaign.id } },
  ]);

  const changed = await logged(() =>
    call('PATCH', `/api/ads/creatives/${id}`, { ...creative('Pop!'), clickUrl: 'https://pop.example' }),
  );
  expect(changed.entries).toEqual([
    {
      actor,
      action: 'creative.changed',
      target: `creative:${id}:Pop!`,
      details: { campaignId: campaign.id, fields: ['title', 'clickUrl'] },
    },
  ]);

  for (const [refused, status] of [
    [() => call('POST', '/api/ads/campaigns/999999/creatives', creative()), 404],
    [() => call('POST', `/api/ads/campaigns/${campaign.id}/creatives`, { ...creative(), duration: -1 }), 400],
    [() => call('PATCH', '/api/ads/creatives/999999', { title: 'Nobody' }), 404],
    [() => call('DELETE', '/api/ads/creatives/999999'), 404],
  ] as const) {
    expect(await logged(refused)).toEqual({ statusCode: status, entries: [] });
  }

  expect(await logged(() => call('DELETE', `/api/ads/creatives/${id}`))).toEqual({
    statusCode: 204,
    entries: [
      {
        actor,
        action: 'creative.deleted',
        target: `creative:${id}:Pop!`,
        details: { campaignId: campaign.id },
      },
    ],
  });
});
