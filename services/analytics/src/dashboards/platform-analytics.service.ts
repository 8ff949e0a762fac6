import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@kinora/common';
import { TARGET_COST_PER_VIEW } from '@kinora/contracts';
import {
  ANALYTICS_FILM_COLUMNS,
  mapAnalyticsFilm,
  meanRating,
  type AnalyticsFilmRow,
} from './analytics-film';
import type { Config } from '../config';
import { AdMetricsService } from './ad-metrics.service';
import { CostModel, dollars, totalOf } from './cost-model';
import type { CostBreakdownDto, PlatformAnalyticsDto } from './dto/platform-analytics.dto';
import { byDay, lastDays, lastMonths } from './periods';

const TOP = 5;
const MONTHS_SHOWN = 6;

interface MonthRow {
  month: string;
  egress_bytes: number;
  views: number;
  transcoded_minutes: number;
  stored_bytes: number;
}

/** The admin dashboard: platform totals, the cost model, growth, top performers and advertising. */
@Injectable()
export class PlatformAnalyticsService {
  private readonly costs: CostModel;

  constructor(
    private readonly em: EntityManager,
    private readonly ads: AdMetricsService,
    @Inject(CONFIG) config: Config,
  ) {
    this.costs = new CostModel(config);
  }

  async figures(days: number): Promise<PlatformAnalyticsDto> {
    const em = this.em.fork();
    const series = lastDays(days);
    const from = series[0]!;
    const [[stats], viewing, users, content, months, topFilms, topCreators, adMetrics] = await Promise.all([
      em.execute<
        {
          total_users: number;
          active_users: number;
          total_films: number;
          pending_films: number;
          views: number;
          watch_time: number;
          computed_at: Date | null;
        }[]
      >(
        `select (select count(*) from known_users)::int as total_users,
                (select count(distinct user_id) from viewing_sessions
                  where user_id is not null and client_updated_at > now() - interval '30 days')::int as active_users,
                (select count(*) from films where status = 'published' and not deleted)::int as total_films,
                (select count(*) from films where status = 'pending' and not deleted)::int as pending_films,
                coalesce(sum(views), 0)::int as views, coalesce(sum(watch_seconds), 0)::float8 as watch_time,
                max(computed_at) as computed_at
           from platform_daily`,
      ),
      em.execute<{ day: string; views: number; watch_time: number; viewers: number }[]>(
        `select day::text as day, views, watch_seconds as watch_time, viewers from platform_daily where day >= ?::date`,
        [from],
      ),
      em.execute<{ day: string; users: number }[]>(
        `select (registered_at at time zone 'UTC')::date::text as day, count(*)::int as users
           from known_users where registered_at >= ?::date group by 1`,
        [from],
      ),
      em.execute<{ day: string; films: number }[]>(
        `select (published_at at time zone 'UTC')::date::text as day, count(*)::int as films
           from films where published_at >= ?::date and not deleted group by 1`,
        [from],
      ),
      this.monthlyUsage(em),
      em.execute<(AnalyticsFilmRow & { views: number; rating_sum: number; review_count: number })[]>(
        `select ${ANALYTICS_FILM_COLUMNS},
                sum(d.views)::int as views, f.rating_sum, f.review_count
           from film_daily d join films f on f.id = d.film_id
          where d.day >= ?::date and not f.deleted
          group by f.id having sum(d.views) > 0 order by views desc, f.id desc limit ${TOP}`,
        [from],
      ),
      em.execute<
        {
          id: number;
          first_name: string | null;
          last_name: string | null;
          email: string | null;
          is_verified: boolean;
          followers: number;
          views: number;
        }[]
      >(
        `select c.id, u.first_name, u.last_name, u.email, c.is_verified, c.followers,
                coalesce((select sum(views) from creator_daily d where d.creator_id = c.id and d.day >= ?::date), 0)::int as views
           from creators c left join known_users u on u.id = c.user_id
          where c.user_id <> ''
          order by views desc, c.followers desc, c.id desc limit ${TOP}`,
        [from],
      ),
      this.ads.figures(series),
    ]);

    const s = stats!;
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
    const viewingByDay = byDay(viewing);
    const usersByDay = byDay(users);
    const filmsByDay = byDay(content);
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
        userGrowth: series.map((date) => ({ date, users: usersByDay.get(date)?.users ?? 0 })),
        contentGrowth: series.map((date) => ({ date, films: filmsByDay.get(date)?.films ?? 0 })),
        viewingGrowth: series.map((date) => {
          const row = viewingByDay.get(date);
          return {
            date,
            views: row?.views ?? 0,
            watchTime: Number(row?.watch_time ?? 0),
            viewers: row?.viewers ?? 0,
          };
        }),
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
      computedAt: s.computed_at ? new Date(s.computed_at).toISOString() : null,
    };
  }

  /**
   * Usage per month since the first one with anything in it: bytes streamed and views (platform
   * rollups), minutes transcoded (films by the month they were submitted) and bytes stored (films
   * submitted by the month's end, pro-rated for the current month).
   */
  private monthlyUsage(em: EntityManager): Promise<MonthRow[]> {
    return em.execute<MonthRow[]>(
      `with months as (
         select generate_series(
                  date_trunc('month', least(
                    coalesce((select min(day) from platform_daily where sessions > 0), current_date),
                    coalesce((select min(submitted_at at time zone 'UTC')::date from films where media_bytes > 0), current_date))),
                  date_trunc('month', current_date), interval '1 month') as start)
       select to_char(m.start, 'YYYY-MM') as month,
              coalesce((select sum(egress_bytes) from platform_daily p
                         where p.day >= m.start and p.day < m.start + interval '1 month'), 0)::float8 as egress_bytes,
              coalesce((select sum(views) from platform_daily p
                         where p.day >= m.start and p.day < m.start + interval '1 month'), 0)::int as views,
              coalesce((select sum(duration_seconds) / 60 from films f
                         where f.media_bytes > 0 and (f.submitted_at at time zone 'UTC') >= m.start
                           and (f.submitted_at at time zone 'UTC') < m.start + interval '1 month'), 0)::float8 as transcoded_minutes,
              coalesce((select sum(media_bytes) from films f
                         where f.media_bytes > 0 and not f.deleted
                           and (f.submitted_at at time zone 'UTC') < m.start + interval '1 month'), 0)::float8
                * least(1, extract(epoch from (now() - m.start)) / extract(epoch from (m.start + interval '1 month' - m.start)))
                as stored_bytes
         from months m order by m.start`,
    );
  }
}
