/**
 * Ads end to end, through the gateway (KINORA_URL) only: an admin's campaign fills a viewer's
 * pre-roll, the impression is recorded and charged, and the admin's ad figures (adMetrics of
 * GET /api/analytics/admin) rise by it. The other flows are in flows.e2e.ts.
 * Run: node --import tsx --test --test-concurrency=1 infra/compose/e2e/*.e2e.ts
 *   KINORA_URL, MAILDEV_URL, E2E_ADMIN_EMAIL (an address in the platform's ADMIN_EMAILS)
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';

import { call, must, until, type Account } from '../../fuzz/platform';
import { adminAccount, publishedFilms } from './flows-support';

/** The highest bid there is: the highest CPM wins a break (docs/advertising.md). */
const CPM = 1000;
const micros = (dollars: number) => Math.round(dollars * 1_000_000);
/** One impression charges CPM / 1000. */
const PRICE_MICROS = micros(CPM / 1000);

interface AdMetrics {
  totalImpressions: number;
  totalRevenue: number;
  preRoll: { views: number; revenue: number };
}
interface Campaign {
  id: number;
  impressions: number;
  spent: number;
}
interface Ad {
  id: number;
  campaignId: number;
  token: string;
}

const adMetrics = async (admin: Account) =>
  (await must<{ adMetrics: AdMetrics }>(admin, 'GET', '/api/analytics/admin')).adMetrics;

describe('ads', () => {
  test('an admin’s campaign fills a viewer’s pre-roll; the impression is charged and rises in adMetrics', async () => {
    const admin = await adminAccount();
    const [video] = await must<{ videoUrl: string; duration: number }[]>(
      admin,
      'GET',
      '/api/ads/creative-videos',
    );
    assert.ok(video, 'a creative video to show (the demo creatives)');
    const stamp = `${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;
    const advertiser = await must<{ id: number }>(admin, 'POST', '/api/ads/advertisers', {
      name: `Compose Flows ${stamp}`,
    });
    const campaign = await must<Campaign>(admin, 'POST', '/api/ads/campaigns', {
      advertiserId: advertiser.id,
      name: `Compose flows ${stamp}`,
      budget: 10,
      cpm: CPM,
      delivery: 'asap',
      status: 'active',
      // A short flight: a campaign an interrupted run leaves active soon stops competing.
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      capPerViewerDay: 10,
      capPerSession: 1,
      creatives: [
        {
          title: `Compose flows ${stamp}`,
          description: 'Shown by the compose end-to-end flows.',
          clickUrl: 'https://example.com/compose-flows',
          videoUrl: video.videoUrl,
          duration: video.duration,
        },
      ],
    });
    try {
      // A film ads knows as published, and its pre-roll.
      let film: { id: number; preRoll: { position: number; placementType: string } } | undefined;
      for (const each of await publishedFilms()) {
        const placements = await call(undefined, 'GET', `/api/ads/placements/${each.id}`);
        const preRoll = (placements.json as { position: number; placementType: string }[])[0];
        if (placements.status === 200 && preRoll?.placementType === 'pre_roll') {
          film = { id: each.id, preRoll };
          break;
        }
      }
      assert.ok(film, 'a published film with a pre-roll');
      const before = await adMetrics(admin);

      // A visitor, told apart by an agent of its own. Campaigns with the same bid take turns,
      // so a few sessions (one pre-roll each) until the break goes to this campaign.
      const viewer = { 'user-agent': `KinoraComposeFlows/1.0 (${stamp})` };
      let ad: Ad | undefined;
      let sessionId = '';
      for (let attempt = 0; attempt < 5 && ad?.campaignId !== campaign.id; attempt++) {
        sessionId = randomUUID();
        const selected = await call(
          undefined,
          'POST',
          '/api/ads/select',
          { filmId: film.id, ...film.preRoll, sessionId, deviceType: 'desktop' },
          viewer,
        );
        assert.equal(selected.status, 200, `an ad for the pre-roll: ${JSON.stringify(selected.json)}`);
        ad = selected.json as Ad;
      }
      assert.ok(
        ad?.campaignId === campaign.id,
        `the pre-roll goes to campaign ${campaign.id}, not ${ad?.campaignId} (5 sessions)`,
      );

      const view = await must<{ recorded: boolean }>(
        undefined,
        'POST',
        '/api/ads/view',
        {
          adId: ad.id,
          filmId: film.id,
          sessionId,
          token: ad.token,
          event: 'start',
          deviceType: 'desktop',
          viewStartTime: new Date().toISOString(),
        },
        viewer,
      );
      assert.equal(view.recorded, true, 'the ad’s start (its impression) is recorded');
      const charged = await must<Campaign>(admin, 'GET', `/api/ads/campaigns/${campaign.id}`);
      assert.equal(charged.impressions, 1, 'the campaign counts one impression');
      assert.equal(micros(charged.spent), PRICE_MICROS, 'the campaign is charged CPM / 1000');

      const after = await until(
        'the impression in the admin’s adMetrics',
        async () => {
          const metrics = await adMetrics(admin);
          return metrics.totalImpressions > before.totalImpressions ? metrics : undefined;
        },
        60_000,
      );
      const rise = (figure: (metrics: AdMetrics) => number) => figure(after) - figure(before);
      assert.ok(rise((m) => m.preRoll.views) >= 1, 'adMetrics counts it as a pre-roll');
      assert.ok(
        rise((m) => micros(m.totalRevenue)) >= PRICE_MICROS,
        `adMetrics' revenue rises by the charge (${before.totalRevenue} → ${after.totalRevenue} $)`,
      );
    } finally {
      await call(admin, 'PATCH', `/api/ads/campaigns/${campaign.id}`, { status: 'paused' });
    }
  });
});
