import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CONFIG, OutboxService } from '@kinora/common';
import { CampaignChangedSchema } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { campaignChanged, type CampaignFacts } from '../campaigns/campaign-changed';
import { impressionPriceMicros, toDollars } from '../campaigns/campaign-rules';
import { DeliveryStore, type Holdback } from '../delivery/delivery-store';
import type { OptimizationKind } from './optimization-kinds';

const dollars = (micros: bigint | string | number) => `$${toDollars(micros).toFixed(2)}`;
const selections = (count: number) => `${count} selection${count === 1 ? '' : 's'}`;

const HOLDBACK_DETAIL: Record<'paced' | 'capped', (count: number) => string> = {
  paced: (count) => `${selections(count)} held back to stay on pace`,
  capped: (count) => `${selections(count)} held back by a frequency cap`,
};

interface LogLine {
  campaignId: string;
  kind: OptimizationKind;
  count: number;
  detail: string;
}

/**
 * The ads upkeep, once a minute (ADS_UPKEEP_INTERVAL_MS) in one replica at a time (a Redis lock):
 * - the holdbacks the selection script counted become one optimizations row per campaign and
 *   reason (`paced`, `capped`);
 * - a flight that ended is announced (CampaignChanged, status ended) and logged once;
 * - a budget with no room for another impression is logged once (again after a budget or bid change).
 * Each step is idempotent: a rerun finds nothing left to do.
 */
@Injectable()
export class AdsUpkeep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AdsUpkeep.name);
  private readonly owner = randomUUID();
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly store: DeliveryStore,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.ADS_UPKEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      // Held a little less than the interval, so the next tick (of any replica) may run.
      const lockMs = Math.max(1, Math.floor(this.config.ADS_UPKEEP_INTERVAL_MS * 0.9));
      if (await this.store.claimUpkeep(this.owner, lockMs)) await this.run();
    } catch (error) {
      this.logger.warn({ err: error }, 'ads upkeep failed; it runs again at the next interval');
    } finally {
      this.running = false;
    }
  }

  /** One pass of every step (the tests call it directly). */
  async run(): Promise<void> {
    await this.flushHoldbacks();
    await this.endFlights();
    await this.noteSpentBudgets();
  }

  private async flushHoldbacks(): Promise<void> {
    const taken = await this.store.takeHoldbacks();
    // Budget holdbacks are not logged one by one: an exhausted budget is logged once, below.
    const lines: LogLine[] = taken
      .filter(
        (holdback): holdback is Holdback & { reason: 'paced' | 'capped' } => holdback.reason !== 'budget',
      )
      .filter((holdback) => holdback.count > 0 && /^\d+$/.test(holdback.campaignId))
      .map((holdback) => ({
        campaignId: holdback.campaignId,
        kind: holdback.reason,
        count: holdback.count,
        detail: HOLDBACK_DETAIL[holdback.reason](holdback.count),
      }));
    try {
      await this.log(this.em.fork(), lines);
    } catch (error) {
      await this.store.restoreHoldbacks(taken);
      throw error;
    }
  }

  private async endFlights(): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const ended = await em.execute<(CampaignFacts & { impressions: string; spent_micros: string })[]>(
        `update campaigns c set flight_ended_at = now()
           from advertisers a
          where a.id = c.advertiser_id and c.ends_at <= now() and c.flight_ended_at is null
          returning c.*, a.name as advertiser_name,
            (select count(*) from ad_events e where e.campaign_id = c.id and e.kind = 'start') as impressions,
            (select coalesce(sum(e.charge_micros), 0) from ad_events e where e.campaign_id = c.id and e.kind = 'start')
              as spent_micros`,
      );
      for (const campaign of ended) {
        this.outbox.add(em, CampaignChangedSchema, campaignChanged(campaign), String(campaign.id));
      }
      await this.log(
        em,
        ended
          .filter((campaign) => campaign.status !== 'draft')
          .map((campaign) => ({
            campaignId: String(campaign.id),
            kind: 'flight_ended',
            count: 1,
            detail: `Flight ended: ${dollars(campaign.spent_micros)} of ${dollars(campaign.budget_micros)} spent over ${campaign.impressions} impressions`,
          })),
      );
    });
  }

  private async noteSpentBudgets(): Promise<void> {
    const em = this.em.fork();
    const running = await em.execute<{ id: string; budget_micros: string; cpm_micros: string }[]>(
      `select id, budget_micros, cpm_micros from campaigns
        where status = 'active' and ends_at > now() and budget_exhausted_at is null`,
    );
    if (running.length === 0) return;
    const spent = await this.store.spent(running.map((campaign) => String(campaign.id)));
    const exhausted = running.filter(
      (campaign) =>
        (spent.get(String(campaign.id)) ?? 0n) + impressionPriceMicros(campaign.cpm_micros) >
        BigInt(campaign.budget_micros),
    );
    if (exhausted.length === 0) return;
    await em.transactional(async (tx) => {
      const noted = await tx.execute<{ id: string; budget_micros: string }[]>(
        `update campaigns set budget_exhausted_at = now()
          where id in (?) and budget_exhausted_at is null returning id, budget_micros`,
        [exhausted.map((campaign) => campaign.id)],
      );
      await this.log(
        tx,
        noted.map((campaign) => ({
          campaignId: String(campaign.id),
          kind: 'budget_exhausted',
          count: 1,
          detail: `Budget of ${dollars(campaign.budget_micros)} spent (${dollars(spent.get(String(campaign.id)) ?? 0n)})`,
        })),
      );
    });
  }

  /** Writes log lines of campaigns that still exist. */
  private async log(em: EntityManager, lines: LogLine[]): Promise<void> {
    if (lines.length === 0) return;
    await em.execute(
      `insert into ad_optimizations (campaign_id, kind, count, detail)
       select x.campaign_id, x.kind, x.count, x.detail
         from jsonb_to_recordset(?::jsonb) as x(campaign_id bigint, kind text, count integer, detail text)
        where exists (select 1 from campaigns c where c.id = x.campaign_id)`,
      [
        JSON.stringify(
          lines.map((line) => ({
            campaign_id: line.campaignId,
            kind: line.kind,
            count: line.count,
            detail: line.detail,
          })),
        ),
      ],
    );
  }
}
