import { Injectable } from '@nestjs/common';
import { RETENTION_POINTS } from '@kinora/contracts';
import { mapAnalyticsFilm, meanRating } from './analytics-film';
import { CreatorAnalyticsRepository } from './creator-analytics.repository';
import { RowEventsRepository } from '../recommendations/row-events.repository';
import type {
  CreatorAnalyticsDto,
  CreatorFilmFiguresDto,
  DemographicsDto,
} from './dto/creator-analytics.dto';
import type { DailyFiguresDto } from './dto/figures.dto';
import { insightsOf } from './insights';
import { lastDays, onSeries, percent } from './periods';
import { sharesOf } from './shares';

/** A creator's dashboard, read from the rollups (film/day and creator/day) and the read models. */
@Injectable()
export class CreatorAnalyticsService {
  constructor(
    private readonly analytics: CreatorAnalyticsRepository,
    private readonly rows: RowEventsRepository,
  ) {}

  async figures(creatorId: number, days: number): Promise<CreatorAnalyticsDto> {
    const series = lastDays(days);
    const from = series[0]!;
    const [t, dailyRows, films, retentionRows, countries, devices, browsers, followers, growth, recommended] =
      await Promise.all([
        this.analytics.totals(creatorId),
        this.analytics.daily(creatorId, from),
        this.analytics.films(creatorId, from),
        this.analytics.retention(creatorId, from),
        this.analytics.shares('countries', creatorId, from),
        this.analytics.shares('devices', creatorId, from),
        this.analytics.shares('browsers', creatorId, from),
        this.analytics.followers(creatorId),
        this.analytics.growth(creatorId),
        this.rows.recommendedViews(creatorId, from),
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
    const daily: DailyFiguresDto[] = onSeries(series, dailyRows, (row) => ({
      views: row?.views ?? 0,
      watchTime: Number(row?.watch_time ?? 0),
      sessions: row?.sessions ?? 0,
    }));
    const demographics: DemographicsDto = {
      countries: sharesOf(countries).map((share) => ({ ...share, country: share.name })),
      devices: sharesOf(devices).map((share) => ({ ...share, device: share.name })),
      browsers: sharesOf(browsers),
    };
    const totalFollowers = followers ?? 0;
    const monthAgo = growth[0]?.month_ago ?? 0;
    return {
      creatorId,
      days,
      totalViews: t.views,
      totalWatchTime: Number(t.watch_time),
      periodViews: daily.reduce((sum, day) => sum + day.views, 0),
      periodWatchTime: daily.reduce((sum, day) => sum + day.watchTime, 0),
      recommendedViews: recommended,
      averageRating: meanRating(t.rating_sum, t.reviews),
      totalFollowers,
      subscriberGrowth: growth.map((row) => ({ date: row.day, subscribers: row.followers - row.before })),
      growthRate: {
        followers: totalFollowers,
        followersMonthAgo: monthAgo,
        percent: monthAgo > 0 ? percent(totalFollowers - monthAgo, monthAgo) : null,
      },
      topFilms,
      demographics,
      daily,
      insights: insightsOf({ daily, topFilms, demographics }),
      computedAt: t.computed_at ? new Date(t.computed_at).toISOString() : null,
    };
  }
}
