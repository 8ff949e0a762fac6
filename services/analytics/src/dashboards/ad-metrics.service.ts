import { Injectable } from '@nestjs/common';
import { usd } from '../ads/money';
import { AdMetricsRepository } from './ad-metrics.repository';
import type { AdMetricsDto, AdPlacementFiguresDto } from './dto/ad-metrics.dto';
import { onSeries } from './periods';

/** A rate from 0 to 1; nothing of nothing is 0. */
const rate = (part: number, whole: number): number => (whole > 0 ? Math.min(1, part / whole) : 0);

/** The admin's advertising figures: the ad/day rollup and the campaigns read model. */
@Injectable()
export class AdMetricsService {
  constructor(private readonly ads: AdMetricsRepository) {}

  /** Totals all time, per placement type, and each day of `series` (UTC days, oldest first). */
  async figures(series: string[]): Promise<AdMetricsDto> {
    const [placements, days, campaigns] = await Promise.all([
      this.ads.byPlacement(),
      this.ads.byDay(series[0]!),
      this.ads.runningCampaigns(),
    ]);

    const revenueMicros = placements.reduce((sum, row) => sum + BigInt(row.revenue_micros), 0n);
    const impressions = placements.reduce((sum, row) => sum + Number(row.impressions), 0);
    const clicks = placements.reduce((sum, row) => sum + Number(row.clicks), 0);
    const completes = placements.reduce((sum, row) => sum + Number(row.completes), 0);
    const placement = (type: 'pre_roll' | 'mid_roll' | 'post_roll'): AdPlacementFiguresDto => {
      const row = placements.find((candidate) => candidate.placement_type === type);
      return { revenue: usd(row?.revenue_micros), views: Number(row?.impressions ?? 0) };
    };
    return {
      totalRevenue: usd(revenueMicros),
      totalImpressions: impressions,
      totalClicks: clicks,
      averageCTR: rate(clicks, impressions),
      completionRate: rate(completes, impressions),
      activeCampaigns: campaigns.active,
      totalBudget: usd(campaigns.budget_micros),
      preRoll: placement('pre_roll'),
      midRoll: placement('mid_roll'),
      postRoll: placement('post_roll'),
      daily: onSeries(series, days, (row) => ({
        revenue: usd(row?.revenue_micros),
        impressions: Number(row?.impressions ?? 0),
        clicks: Number(row?.clicks ?? 0),
      })),
    };
  }
}
