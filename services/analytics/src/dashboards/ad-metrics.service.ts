import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { usd } from '../ads/money';
import type { AdMetricsDto, AdPlacementFiguresDto } from './dto/ad-metrics.dto';
import { byDay } from './periods';

interface PlacementRow {
  placement_type: 'pre_roll' | 'mid_roll' | 'post_roll';
  revenue_micros: string;
  impressions: string;
  clicks: string;
  completes: string;
}

/** A rate from 0 to 1; nothing of nothing is 0. */
const rate = (part: number, whole: number): number => (whole > 0 ? Math.min(1, part / whole) : 0);

/** The admin's advertising figures: the ad/day rollup and the campaigns read model. */
@Injectable()
export class AdMetricsService {
  constructor(private readonly em: EntityManager) {}

  /** Totals all time, per placement type, and each day of `series` (UTC days, oldest first). */
  async figures(series: string[]): Promise<AdMetricsDto> {
    const em = this.em.fork();
    const [placements, days, [campaigns]] = await Promise.all([
      em.execute<PlacementRow[]>(
        `select placement_type, sum(revenue_micros)::bigint as revenue_micros,
                sum(impressions)::bigint as impressions, sum(clicks)::bigint as clicks,
                sum(completes)::bigint as completes
           from ad_daily group by placement_type`,
      ),
      em.execute<{ day: string; revenue_micros: string; impressions: string; clicks: string }[]>(
        `select day::text as day, sum(revenue_micros)::bigint as revenue_micros,
                sum(impressions)::bigint as impressions, sum(clicks)::bigint as clicks
           from ad_daily where day >= ?::date group by day`,
        [series[0]],
      ),
      em.execute<{ active: number; budget_micros: string }[]>(
        `select count(*)::int as active, coalesce(sum(budget_micros), 0)::bigint as budget_micros
           from ad_campaigns
          where status = 'active' and not deleted
            and (starts_at is null or starts_at <= now()) and (ends_at is null or ends_at > now())`,
      ),
    ]);

    const revenueMicros = placements.reduce((sum, row) => sum + BigInt(row.revenue_micros), 0n);
    const impressions = placements.reduce((sum, row) => sum + Number(row.impressions), 0);
    const clicks = placements.reduce((sum, row) => sum + Number(row.clicks), 0);
    const completes = placements.reduce((sum, row) => sum + Number(row.completes), 0);
    const placement = (type: PlacementRow['placement_type']): AdPlacementFiguresDto => {
      const row = placements.find((candidate) => candidate.placement_type === type);
      return { revenue: usd(row?.revenue_micros), views: Number(row?.impressions ?? 0) };
    };
    const daily = byDay(days);
    return {
      totalRevenue: usd(revenueMicros),
      totalImpressions: impressions,
      totalClicks: clicks,
      averageCTR: rate(clicks, impressions),
      completionRate: rate(completes, impressions),
      activeCampaigns: campaigns?.active ?? 0,
      totalBudget: usd(campaigns?.budget_micros),
      preRoll: placement('pre_roll'),
      midRoll: placement('mid_roll'),
      postRoll: placement('post_roll'),
      daily: series.map((date) => {
        const row = daily.get(date);
        return {
          date,
          revenue: usd(row?.revenue_micros),
          impressions: Number(row?.impressions ?? 0),
          clicks: Number(row?.clicks ?? 0),
        };
      }),
    };
  }
}
