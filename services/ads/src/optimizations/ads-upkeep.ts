import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CONFIG, OutboxService } from '@kinora/common';
import { CampaignChangedSchema } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { campaignChanged } from '../campaigns/campaign-changed';
import { CampaignsRepository } from '../campaigns/campaigns.repository';
import { impressionPriceMicros, toDollars } from '../campaigns/campaign-rules';
import { DeliveryStore, type Holdback } from '../delivery/delivery-store';
import { OptimizationsRepository, type OptimizationLine } from './optimizations.repository';

const dollars = (micros: bigint | string | number) => `$${toDollars(micros).toFixed(2)}`;
const selections = (count: number) => `${count} selection${count === 1 ? '' : 's'}`;

const HOLDBACK_DETAIL: Record<'paced' | 'capped', (count: number) => string> = {
  paced: (count) => `${selections(count)} held back to stay on pace`,
  capped: (count) => `${selections(count)} held back by a frequency cap`,
};

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
    private readonly campaigns: CampaignsRepository,
    private readonly optimizations: OptimizationsRepository,
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
    const lines: OptimizationLine[] = taken
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
      await this.optimizations.log(lines);
    } catch (error) {
      await this.store.restoreHoldbacks(taken);
      throw error;
    }
  }

  private async endFlights(): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const ended = await this.campaigns.endFlights();
      for (const campaign of ended) {
        this.outbox.add(em, CampaignChangedSchema, campaignChanged(campaign), String(campaign.id));
      }
      await this.optimizations.log(
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
    const running = await this.campaigns.withBudgetLeft();
    if (running.length === 0) return;
    const spent = await this.store.spent(running.map((campaign) => String(campaign.id)));
    const exhausted = running.filter(
      (campaign) =>
        (spent.get(String(campaign.id)) ?? 0n) + impressionPriceMicros(campaign.cpm_micros) >
        BigInt(campaign.budget_micros),
    );
    if (exhausted.length === 0) return;
    await this.em.fork().transactional(async () => {
      const noted = await this.campaigns.markBudgetsExhausted(exhausted.map((campaign) => campaign.id));
      await this.optimizations.log(
        noted.map((campaign) => ({
          campaignId: String(campaign.id),
          kind: 'budget_exhausted',
          count: 1,
          detail: `Budget of ${dollars(campaign.budget_micros)} spent (${dollars(spent.get(String(campaign.id)) ?? 0n)})`,
        })),
      );
    });
  }
}
