/**
 * Ad tracking under a fault: visitors' players ask for a pre-roll (POST /api/ads/select), then
 * report its start (the impression, charged once) and its completion (POST /api/ads/view), one
 * break after another, each in a new viewing session.
 *
 * Every event answered "recorded" must end in analytics (its ad_events, fed by the ads service's
 * outbox through Kafka) and in the ad/day rollup, and nothing twice: for the film and day, the
 * rollup's impressions and completions equal the stored starts and completions.
 *
 * A campaign of the drill's own (bench/lib/campaign.ts) keeps the breaks filled; each break is
 * another visitor's (its own user agent), so that no per-viewer daily cap ends a long drill's breaks.
 */
import { randomUUID } from 'node:crypto';

import pg from 'pg';

import { createCampaign, gatewayAdmin, removeCampaign } from '../../bench/lib/campaign';
import { call, Paced, Tally, until, withDatabase, type LoadOutcome } from './drill';

const BREAK_EVERY_MS = 1_000;
const SETTLE_TIMEOUT_MS = 90_000;
/** The longest start() waits for the new campaign to fill a break (each ads replica learns of it). */
const CAMPAIGN_READY_MS = 30_000;

interface Ad {
  id: number;
  token: string;
  duration: number;
}

export interface AdLoadOptions {
  gateway: string;
  /** The analytics service's database: ad_events and ad_daily are read there. */
  analyticsDatabaseUrl: string;
  filmId: number;
  viewers: number;
  /** The admin's session cookie: the drill's campaign is made through the gateway. */
  adminCookie: string;
}

export class AdLoad {
  /** The tracking calls (start, complete): what must end in the rollups. */
  readonly tally = new Tally();
  /** The selections, judged alike but counted apart: a filled break is not a write. */
  private readonly selections = new Tally();
  /** "<session>:<event>" of every event answered recorded. */
  private readonly recorded = new Set<string>();
  private readonly sessions = new Set<string>();
  private campaignId: string | undefined;
  private readonly paced = new Paced();

  constructor(private readonly options: AdLoadOptions) {}

  /** Makes the drill's campaign, waits until it fills a break, then plays breaks until stop(). */
  async start(): Promise<void> {
    this.campaignId = await createCampaign('Fault drill', 10 * 60_000, this.admin());
    if (!this.campaignId) throw new Error('no creative video to make an ad campaign with: seed the ads');
    const ready = await until(async () => {
      const selected = await this.select(randomUUID());
      return { done: selected.status === 200, value: selected.status === 200 };
    }, CAMPAIGN_READY_MS);
    if (!ready) throw new Error(`no ad filled a break within ${CAMPAIGN_READY_MS / 1000} s of the campaign`);
    this.paced.start(this.options.viewers, BREAK_EVERY_MS, () => this.adBreak());
  }

  async stop(): Promise<void> {
    await this.paced.stop();
    // Stopping again (underLoad's `finally` after a drill that went well) deletes nothing twice.
    const campaignId = this.campaignId;
    this.campaignId = undefined;
    if (campaignId) await removeCampaign(campaignId, this.admin());
  }

  private admin() {
    return gatewayAdmin(this.options.gateway, this.options.adminCookie);
  }

  /** A visitor's headers: the visitor is its viewing session. */
  private headers(sessionId: string) {
    return {
      'content-type': 'application/json',
      origin: this.options.gateway,
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) kinora-fault-drill/${sessionId}`,
    };
  }

  private select(sessionId: string) {
    return call(
      `${this.options.gateway}/api/ads/select`,
      {
        method: 'POST',
        headers: this.headers(sessionId),
        body: JSON.stringify({
          filmId: this.options.filmId,
          position: 0,
          placementType: 'pre_roll',
          sessionId,
        }),
      },
      [200, 204],
    );
  }

  private async adBreak(): Promise<void> {
    const sessionId = randomUUID();
    const selected = await this.select(sessionId);
    this.selections.count('POST /api/ads/select', selected);
    if (selected.status !== 200) return;
    const ad = JSON.parse(selected.body) as Ad;
    this.sessions.add(sessionId);
    for (const [event, extra] of [
      ['start', { viewStartTime: new Date().toISOString() }],
      ['complete', { viewDuration: ad.duration }],
    ] as const) {
      const answer = await call(
        `${this.options.gateway}/api/ads/view`,
        {
          method: 'POST',
          headers: this.headers(sessionId),
          body: JSON.stringify({
            adId: ad.id,
            filmId: this.options.filmId,
            sessionId,
            token: ad.token,
            event,
            deviceType: 'desktop',
            ...extra,
          }),
        },
        [200],
      );
      this.tally.count(`POST /api/ads/view ${event}`, answer);
      if (answer.verdict === 'accepted') {
        if ((JSON.parse(answer.body) as { recorded: boolean }).recorded) {
          this.recorded.add(`${sessionId}:${event}`);
        }
      } else if (answer.verdict === 'refused') {
        return;
      }
    }
  }

  /** Waits until every recorded event is in analytics and the rollup equals the events; then counts. */
  settle(): Promise<LoadOutcome> {
    return withDatabase(this.options.analyticsDatabaseUrl, async (client) => {
      const { stored, rollup } = await until(async () => {
        const value = await this.read(client);
        const complete = [...this.recorded].every((key) => value.stored.has(key));
        return { done: complete && rollupMatches(value.rollup), value };
      }, SETTLE_TIMEOUT_MS);
      const lost = [...this.recorded].filter((key) => !stored.has(key)).length;
      const duplicated =
        Math.max(0, rollup.impressions - rollup.starts) + Math.max(0, rollup.completes - rollup.completions);
      return {
        what: `ad tracking (${this.sessions.size} breaks filled of ${this.selections.sent} asked for)`,
        ...this.tally.counts,
        unexpected: this.tally.unexpected + this.selections.unexpected,
        unexpectedAnswers: [...this.selections.unexpectedAnswers, ...this.tally.unexpectedAnswers].slice(
          0,
          5,
        ),
        inRollups: rollupMatches(rollup) ? this.recorded.size - lost : 0,
        lost,
        duplicated,
        problems: rollupMatches(rollup)
          ? []
          : [
              `the ad/day rollup (${rollup.impressions} impressions, ${rollup.completes} completions) is not ` +
                `its events (${rollup.starts} starts, ${rollup.completions} completions)`,
            ],
      };
    });
  }

  private async read(client: pg.Client) {
    const stored = new Set(
      (
        await client.query<{ key: string }>(
          `select session_id || ':' || kind as key from ad_events
            where session_id = any($1::text[]) and kind in ('start', 'complete')`,
          [[...this.sessions]],
        )
      ).rows.map((row) => row.key),
    );
    const { rows } = await client.query<{
      impressions: number;
      completes: number;
      starts: number;
      completions: number;
    }>(
      `select (select coalesce(sum(impressions), 0)::int from ad_daily where film_id = $1 and day = current_date) as impressions,
              (select coalesce(sum(completes), 0)::int from ad_daily where film_id = $1 and day = current_date) as completes,
              (select count(*)::int from ad_events where film_id = $1 and day = current_date and kind = 'start') as starts,
              (select count(*)::int from ad_events where film_id = $1 and day = current_date and kind = 'complete') as completions`,
      [this.options.filmId],
    );
    return { stored, rollup: rows[0]! };
  }
}

function rollupMatches(rollup: {
  impressions: number;
  completes: number;
  starts: number;
  completions: number;
}) {
  return rollup.impressions === rollup.starts && rollup.completes === rollup.completions;
}
