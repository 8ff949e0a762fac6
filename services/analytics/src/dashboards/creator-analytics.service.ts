import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RETENTION_POINTS } from '@kinora/contracts';
import {
  ANALYTICS_FILM_COLUMNS,
  mapAnalyticsFilm,
  meanRating,
  type AnalyticsFilmRow,
} from './analytics-film';
import type {
  CreatorAnalyticsDto,
  CreatorFilmFiguresDto,
  DemographicsDto,
} from './dto/creator-analytics.dto';
import type { DailyFiguresDto } from './dto/figures.dto';
import { insightsOf } from './insights';
import { byDay, lastDays, percent } from './periods';
import { sharesOf, type ShareRow } from './shares';

interface FilmRow extends AnalyticsFilmRow {
  views: number;
  watch_time: number;
  period_views: number;
  period_watch_time: number;
  period_sessions: number;
  period_completions: number;
}

/** A creator's dashboard, read from the rollups (film/day and creator/day) and the read models. */
@Injectable()
export class CreatorAnalyticsService {
  constructor(private readonly em: EntityManager) {}

  async figures(creatorId: number, days: number): Promise<CreatorAnalyticsDto> {
    const em = this.em.fork();
    const series = lastDays(days);
    const from = series[0]!;
    const [[totals], dailyRows, films, retentionRows, countries, devices, browsers, [creator], growth] =
      await Promise.all([
        em.execute<
          {
            views: number;
            watch_time: number;
            rating_sum: number;
            reviews: number;
            computed_at: Date | null;
          }[]
        >(
          `select coalesce((select sum(views) from creator_daily where creator_id = ?), 0)::int as views,
                  coalesce((select sum(watch_seconds) from creator_daily where creator_id = ?), 0)::float8 as watch_time,
                  coalesce(sum(f.rating_sum), 0)::float8 as rating_sum, coalesce(sum(f.review_count), 0)::int as reviews,
                  (select max(computed_at) from creator_daily where creator_id = ?) as computed_at
             from films f where f.creator_id = ? and not f.deleted`,
          [creatorId, creatorId, creatorId, creatorId],
        ),
        em.execute<{ day: string; views: number; watch_time: number; sessions: number }[]>(
          `select day::text as day, views, watch_seconds as watch_time, sessions
             from creator_daily where creator_id = ? and day >= ?::date`,
          [creatorId, from],
        ),
        em.execute<FilmRow[]>(
          `select ${ANALYTICS_FILM_COLUMNS},
                  coalesce(sum(d.views), 0)::int as views, coalesce(sum(d.watch_seconds), 0)::float8 as watch_time,
                  coalesce(sum(d.views) filter (where d.day >= ?::date), 0)::int as period_views,
                  coalesce(sum(d.watch_seconds) filter (where d.day >= ?::date), 0)::float8 as period_watch_time,
                  coalesce(sum(d.sessions) filter (where d.day >= ?::date), 0)::int as period_sessions,
                  coalesce(sum(d.completions) filter (where d.day >= ?::date), 0)::int as period_completions
             from films f left join film_daily d on d.film_id = f.id
            where f.creator_id = ? and not f.deleted
            group by f.id order by views desc, period_views desc, f.id desc`,
          [from, from, from, from, creatorId],
        ),
        em.execute<{ film_id: number; retention: number[] }[]>(
          `select film_id, retention from film_daily where creator_id = ? and day >= ?::date`,
          [creatorId, from],
        ),
        this.shares(em, 'countries', creatorId, from),
        this.shares(em, 'devices', creatorId, from),
        this.shares(em, 'browsers', creatorId, from),
        em.execute<{ followers: number }[]>('select followers from creators where id = ?', [creatorId]),
        em.execute<{ day: string; followers: number; before: number; month_ago: number }[]>(
          `select d::date::text as day,
                  coalesce((select followers from follower_counts c where c.creator_id = ? and c.changed_at < d + interval '1 day'
                             order by version desc limit 1), 0) as followers,
                  coalesce((select followers from follower_counts c where c.creator_id = ? and c.changed_at < d
                             order by version desc limit 1), 0) as before,
                  coalesce((select followers from follower_counts c where c.creator_id = ? and c.changed_at < now() - interval '30 days'
                             order by version desc limit 1), 0) as month_ago
             from generate_series(current_date - 6, current_date, interval '1 day') d order by d`,
          [creatorId, creatorId, creatorId],
        ),
      ]);

    const retention = new Map<number, number[]>();
    for (const row of retentionRows) {
      const sum = retention.get(row.film_id) ?? new Array<number>(RETENTION_POINTS).fill(0);
      row.retention.forEach((count, i) => (sum[i] = (sum[i] ?? 0) + count));
      retention.set(row.film_id, sum);
    }
    const topFilms: CreatorFilmFiguresDto[] = films.map((film) => ({
      film: mapAnalyticsFilm(film),
      views: film.views,
      watchTime: Number(film.watch_time),
      periodViews: film.period_views,
      periodWatchTime: Number(film.period_watch_time),
      completionRate: film.period_sessions ? film.period_completions / film.period_sessions : 0,
      retention: (retention.get(film.id) ?? new Array<number>(RETENTION_POINTS).fill(0)).map((count) =>
        film.period_sessions ? Math.min(1, count / film.period_sessions) : 0,
      ),
    }));
    const days_ = byDay(dailyRows);
    const daily: DailyFiguresDto[] = series.map((date) => {
      const row = days_.get(date);
      return {
        date,
        views: row?.views ?? 0,
        watchTime: Number(row?.watch_time ?? 0),
        sessions: row?.sessions ?? 0,
      };
    });
    const demographics: DemographicsDto = {
      countries: sharesOf(countries).map((share) => ({ ...share, country: share.name })),
      devices: sharesOf(devices).map((share) => ({ ...share, device: share.name })),
      browsers: sharesOf(browsers),
    };
    const followers = creator?.followers ?? 0;
    const monthAgo = growth[0]?.month_ago ?? 0;
    const t = totals!;
    return {
      creatorId,
      days,
      totalViews: t.views,
      totalWatchTime: Number(t.watch_time),
      periodViews: daily.reduce((sum, day) => sum + day.views, 0),
      periodWatchTime: daily.reduce((sum, day) => sum + day.watchTime, 0),
      averageRating: meanRating(t.rating_sum, t.reviews),
      totalFollowers: followers,
      subscriberGrowth: growth.map((row) => ({ date: row.day, subscribers: row.followers - row.before })),
      growthRate: {
        followers,
        followersMonthAgo: monthAgo,
        percent: monthAgo > 0 ? percent(followers - monthAgo, monthAgo) : null,
      },
      topFilms,
      demographics,
      daily,
      insights: insightsOf({ daily, topFilms, demographics }),
      computedAt: t.computed_at ? new Date(t.computed_at).toISOString() : null,
    };
  }

  private shares(
    em: EntityManager,
    column: 'countries' | 'devices' | 'browsers',
    creatorId: number,
    from: string,
  ) {
    return em.execute<ShareRow[]>(
      `select e.key as name, sum(e.value::int)::int as sessions
         from film_daily d, jsonb_each_text(d.${column}) e
        where d.creator_id = ? and d.day >= ?::date
        group by e.key order by sessions desc, name`,
      [creatorId, from],
    );
  }
}
