import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, NotifiedCache, type CacheArea } from '@kinora/common';
import type { Config } from '../config';
import { type CampaignDelivery } from '@kinora/contracts';
import { impressionPriceMicros, targetingOf, type Targeting } from '../campaigns/campaign-rules';
import { CreativesRepository } from '../campaigns/creatives.repository';
import { FilmsRepository } from '../films/films.repository';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryStore } from './delivery-store';

/** The channel the ads change triggers notify when a change commits (campaigns.migration.ts). */
export const ADS_CHANGED_CHANNEL = 'ads_changed';

export interface LiveCreative {
  id: number;
  title: string;
  description: string;
  videoUrl: string;
  duration: number;
  clickUrl: string;
}

/** An active campaign as delivery needs it. */
export interface LiveCampaign {
  id: string;
  advertiserName: string;
  budgetMicros: bigint;
  cpmMicros: bigint;
  priceMicros: bigint;
  startsAt: Date;
  endsAt: Date;
  delivery: CampaignDelivery;
  capPerViewerDay: number;
  capPerSession: number;
  targeting: Targeting;
  creatives: LiveCreative[];
}

export interface ChargeTerms {
  advertiserName: string;
  budgetMicros: bigint;
}

export interface LiveFilm {
  id: number;
  genre: string;
  /** Exact seconds when known, else the rounded minutes' worth. */
  durationSeconds: number;
  published: boolean;
}

const ACTIVE = 'active';
const FILMS_MAX = 10_000;

/**
 * The in-process caches selection reads instead of the database: the active campaigns (with their
 * advertiser and creatives) and films. Dropped in every replica on the `ads_changed` notification
 * (any committed change to films, advertisers, campaigns or creatives), and by this replica at
 * once after its own admin writes. While the listening connection is down nothing is cached: a
 * change could go unnoticed. Loading the campaigns also starts any missing spend counter in Redis
 * from the ledger (DeliveryStore.seedSpent).
 */
@Injectable()
export class DeliveryCache extends NotifiedCache {
  private readonly logger = new Logger(DeliveryCache.name);
  private readonly campaignsCache: CacheArea<{ campaigns: LiveCampaign[] }>;
  private readonly filmsCache: CacheArea<{ film: LiveFilm | null }>;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly reads: DeliveryRepository,
    private readonly creatives: CreativesRepository,
    private readonly films: FilmsRepository,
    private readonly store: DeliveryStore,
  ) {
    super({
      name: 'ads delivery cache',
      connectionString: config.DATABASE_URL,
      channel: ADS_CHANGED_CHANNEL,
    });
    this.campaignsCache = this.area(1);
    this.filmsCache = this.area(FILMS_MAX);
  }

  /** Campaigns stored as active whose flight has not ended, each with its creatives. */
  async campaigns(): Promise<LiveCampaign[]> {
    return (await this.campaignsCache.get('active', async () => ({ campaigns: await this.loadCampaigns() })))
      .campaigns;
  }

  async film(filmId: number): Promise<LiveFilm | null> {
    const entry = await this.filmsCache.get(String(filmId), async () => ({
      film: await this.loadFilm(filmId),
    }));
    return entry.film;
  }

  /**
   * What tracking a campaign's ad needs: its advertiser's name and budget, from the live campaigns
   * (no query), else from the database (a campaign paused or ended since its ad was selected). Null
   * once the campaign is deleted.
   */
  async chargeTerms(campaignId: number): Promise<ChargeTerms | null> {
    const live = (await this.campaigns()).find((campaign) => campaign.id === String(campaignId));
    if (live) return { advertiserName: live.advertiserName, budgetMicros: live.budgetMicros };
    const row = await this.reads.chargeTerms(campaignId);
    return row ? { advertiserName: row.advertiser_name, budgetMicros: BigInt(row.budget_micros) } : null;
  }

  private async loadCampaigns(): Promise<LiveCampaign[]> {
    const rows = await this.reads.liveCampaigns(ACTIVE);
    if (rows.length === 0) return [];
    const creatives = await this.creatives.ofCampaigns(rows.map((row) => row.id));
    const byCampaign = new Map<string, LiveCreative[]>();
    for (const creative of creatives) {
      const list = byCampaign.get(String(creative.campaign_id)) ?? [];
      list.push({
        id: Number(creative.id),
        title: creative.title,
        description: creative.description,
        videoUrl: creative.video_url,
        duration: Number(creative.duration_seconds),
        clickUrl: creative.click_url,
      });
      byCampaign.set(String(creative.campaign_id), list);
    }
    await this.store
      .seedSpent(new Map(rows.map((row) => [String(row.id), BigInt(row.spent_micros)])))
      .catch((error: unknown) => this.logger.warn({ err: error }, 'spend counters not seeded'));
    return rows.map((row) => ({
      id: String(row.id),
      advertiserName: row.advertiser_name,
      budgetMicros: BigInt(row.budget_micros),
      cpmMicros: BigInt(row.cpm_micros),
      priceMicros: impressionPriceMicros(row.cpm_micros),
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      delivery: row.delivery,
      capPerViewerDay: row.cap_per_viewer_day,
      capPerSession: row.cap_per_session,
      targeting: targetingOf(row.targeting),
      creatives: byCampaign.get(String(row.id)) ?? [],
    }));
  }

  private async loadFilm(filmId: number): Promise<LiveFilm | null> {
    const row = await this.films.find(filmId);
    if (!row) return null;
    const seconds = Number(row.duration_seconds);
    return {
      id: Number(row.id),
      genre: row.genre,
      durationSeconds: seconds > 0 ? seconds : Number(row.duration_minutes) * 60,
      published: row.status === 'published',
    };
  }
}
