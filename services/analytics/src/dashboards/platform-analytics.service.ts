import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@kinora/common';
import { TARGET_COST_PER_VIEW } from '@kinora/contracts';
import { mapAnalyticsFilm, meanRating } from './analytics-film';
import type { Config } from '../config';
import { AdMetricsService } from './ad-metrics.service';
import { CostModel, dollars, totalOf } from './cost-model';
import type { CostBreakdownDto, PlatformAnalyticsDto } from './dto/platform-analytics.dto';
import { lastDays, lastMonths, onSeries } from './periods';
import { PlatformAnalyticsRepository } from './platform-analytics.repository';
import type { RecommendationRowKind } from '../recommendations/dto/recommendation.dto';
import { RowEventsRepository } from '../recommendations/row-events.repository';

const TOP = 5;
const MONTHS_SHOWN = 6;

/** The admin dashboard: platform totals, the cost model, growth, top performers and advertising. */
@Injectable()
export class PlatformAnalyticsService {
  private readonly costs: CostModel;

  constructor(
    private readonly platform: PlatformAnalyticsRepository,
    private readonly ads: AdMetricsService,
    private readonly rows: RowEventsRepository,
    @Inject(CONFIG) config: Config,
  ) {
    this.costs = new CostModel(config);
  }

  async figures(days: number): Promise<PlatformAnalyticsDto> {
    const series = lastDays(days);
    const from = series[0]!;
    const [s, viewing, users, content, months, topFilms, topCreators, adMetrics, rows] = await Promise.all([
      this.platform.stats(),
      this.platform.viewing(from),
      this.platform.newUsers(from),
      this.platform.newFilms(from),
      this.platform.monthlyUsage(),
      this.platform.topFilms(from, TOP),
      this.platform.topCreators(from, TOP),
      this.ads.figures(series),
      this.rows.clickThrough(from),
    ]);

    const byMonth = new Map(months.map((row) => [row.month, row]));
    const monthCosts = months.map((row) => ({
      month: row.month,
      views: row.views,
      breakdown: this.costs.cost({
        egressBytes: row.egress_bytes,
        transcodedMinutes: row.transcoded_minutes,
        storedBytes: row.stored_bytes,
      }),
    }));
    const breakdown: CostBreakdownDto = monthCosts.reduce(
      (sum, month) => ({
        egress: sum.egress + month.breakdown.egress,
        transcoding: sum.transcoding + month.breakdown.transcoding,
        storage: sum.storage + month.breakdown.storage,
      }),
      { egress: 0, transcoding: 0, storage: 0 },
    );
    const totalCost = totalOf(breakdown);
    const costPerView = s.views ? totalCost / s.views : 0;
    const watchHours = Number(s.watch_time) / 3600;
    return {
      days,
      platformStats: {
        totalUsers: s.total_users,
        activeUsers: s.active_users,
        totalFilms: s.total_films,
        pendingFilms: s.pending_films,
        totalWatchTime: Number(s.watch_time),
        totalViews: s.views,
      },
      revenueMetrics: {
        totalCost: dollars(totalCost),
        costPerView: dollars(costPerView),
        costPerHour: dollars(watchHours > 0 ? totalCost / watchHours : 0),
        targetCostPerView: TARGET_COST_PER_VIEW,
        withinTarget: costPerView <= TARGET_COST_PER_VIEW,
        monthlyCosts: lastMonths(MONTHS_SHOWN).map((month) => {
          const found = monthCosts.find((row) => row.month === month);
          return {
            month,
            cost: dollars(found ? totalOf(found.breakdown) : 0),
            views: byMonth.get(month)?.views ?? 0,
          };
        }),
        breakdown: {
          egress: dollars(breakdown.egress),
          transcoding: dollars(breakdown.transcoding),
          storage: dollars(breakdown.storage),
        },
        prices: this.costs.prices,
      },
      growthMetrics: {
        newUsers: users.reduce((sum, row) => sum + row.users, 0),
        newFilms: content.reduce((sum, row) => sum + row.films, 0),
        views: viewing.reduce((sum, row) => sum + row.views, 0),
        userGrowth: onSeries(series, users, (row) => ({ users: row?.users ?? 0 })),
        contentGrowth: onSeries(series, content, (row) => ({ films: row?.films ?? 0 })),
        viewingGrowth: onSeries(series, viewing, (row) => ({
          views: row?.views ?? 0,
          watchTime: Number(row?.watch_time ?? 0),
          viewers: row?.viewers ?? 0,
        })),
      },
      topPerformers: {
        films: topFilms.map((film) => ({
          film: mapAnalyticsFilm(film),
          views: film.views,
          rating: meanRating(film.rating_sum, film.review_count),
        })),
        creators: topCreators.map((creator) => ({
          creator: {
            id: creator.id,
            name:
              [creator.first_name, creator.last_name].filter(Boolean).join(' ') ||
              creator.email ||
              `Creator ${creator.id}`,
            isVerified: creator.is_verified,
          },
          followers: creator.followers,
          views: creator.views,
        })),
      },
      adMetrics,
      recommendations: rows.map((row) => ({
        rowKind: row.row_kind as RecommendationRowKind,
        impressions: row.impressions,
        clicks: row.clicks,
        clickThrough: row.impressions > 0 ? row.clicks / row.impressions : 0,
      })),
      computedAt: s.computed_at ? new Date(s.computed_at).toISOString() : null,
    };
  }
}
