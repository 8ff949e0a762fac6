import { InjectQueryDb } from '@kinora/common';
import type { FilmStatus } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';
import { ANALYTICS_FILM_COLUMNS } from './analytics-film';
import { totalOrZero } from './totals';

/** The admin dashboard's reads: the platform rollup, the read models and the cost model's usage. */
@Injectable()
export class PlatformAnalyticsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Users, members active in the last 30 days, films, and the platform's all-time views and watch time. */
  stats() {
    return this.db
      .selectFrom('platform_daily')
      .select((eb) => {
        const films = (status: string) =>
          eb
            .selectFrom('films')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', status)
            .where((eb) => eb.not(eb.ref('deleted')));
        return [
          eb
            .cast<number>(
              eb.selectFrom('known_users').select((eb) => eb.fn.countAll().as('n')),
              'integer',
            )
            .as('total_users'),
          eb
            .cast<number>(
              eb
                .selectFrom('viewing_sessions')
                .select((eb) => eb.fn.count('user_id').distinct().as('n'))
                .where('user_id', 'is not', null)
                .where('client_updated_at', '>', sql<string>`now() - interval '30 days'`),
              'integer',
            )
            .as('active_users'),
          eb.cast<number>(films('published'), 'integer').as('total_films'),
          eb.cast<number>(films('pending'), 'integer').as('pending_films'),
          totalOrZero(eb, eb.fn.sum('views'), 'integer').as('views'),
          totalOrZero(eb, eb.fn.sum('watch_seconds'), 'float8').as('watch_time'),
          eb.fn.max('computed_at').as('computed_at'),
        ];
      })
      .executeTakeFirstOrThrow();
  }

  /** The platform's days from `from` on. */
  viewing(from: string) {
    return this.db
      .selectFrom('platform_daily')
      .select((eb) => [
        eb.cast<string>('day', 'text').as('day'),
        'views',
        'watch_seconds as watch_time',
        'viewers',
      ])
      .where('day', '>=', sql<string>`${from}::date`)
      .execute();
  }

  /** Registrations per UTC day from `from` on. */
  newUsers(from: string) {
    const day = sql<string>`(registered_at at time zone 'UTC')::date::text`;
    return this.db
      .selectFrom('known_users')
      .select((eb) => [day.as('day'), eb.cast<number>(eb.fn.countAll(), 'integer').as('users')])
      .where('registered_at', '>=', sql<string>`${from}::date`)
      .groupBy(day)
      .execute();
  }

  /** Films published per UTC day from `from` on (deleted ones left out). */
  newFilms(from: string) {
    const day = sql<string>`(published_at at time zone 'UTC')::date::text`;
    return this.db
      .selectFrom('films')
      .select((eb) => [day.as('day'), eb.cast<number>(eb.fn.countAll(), 'integer').as('films')])
      .where('published_at', '>=', sql<string>`${from}::date`)
      .where((eb) => eb.not(eb.ref('deleted')))
      .groupBy(day)
      .execute();
  }

  /** The `top` most viewed films from `from` on, with their ratings. */
  topFilms(from: string, top: number) {
    return this.db
      .selectFrom('film_daily as d')
      .innerJoin('films as f', 'f.id', 'd.film_id')
      .select((eb) => [
        ...ANALYTICS_FILM_COLUMNS,
        eb.ref('f.status').$castTo<FilmStatus>().as('status'),
        eb.cast<number>(eb.fn.sum('d.views'), 'integer').as('views'),
        'f.rating_sum',
        'f.review_count',
      ])
      .where('d.day', '>=', sql<string>`${from}::date`)
      .where((eb) => eb.not(eb.ref('f.deleted')))
      .groupBy('f.id')
      .having((eb) => eb(eb.fn.sum('d.views'), '>', 0))
      .orderBy('views', 'desc')
      .orderBy('f.id', 'desc')
      .limit(top)
      .execute();
  }

  /** The `top` registered creators by views from `from` on, then followers. */
  topCreators(from: string, top: number) {
    return this.db
      .selectFrom('creators as c')
      .leftJoin('known_users as u', 'u.id', 'c.user_id')
      .select((eb) => [
        'c.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'c.is_verified',
        'c.followers',
        totalOrZero(
          eb,
          eb
            .selectFrom('creator_daily as d')
            .select((eb) => eb.fn.sum('d.views').as('views'))
            .whereRef('d.creator_id', '=', 'c.id')
            .where('d.day', '>=', sql<string>`${from}::date`),
          'integer',
        ).as('views'),
      ])
      .where('c.user_id', '<>', '')
      .orderBy('views', 'desc')
      .orderBy('c.followers', 'desc')
      .orderBy('c.id', 'desc')
      .limit(top)
      .execute();
  }

  /**
   * Usage per month since the first one with anything in it: bytes streamed and views (platform
   * rollups), minutes transcoded (films by the month they were submitted) and bytes stored (films
   * submitted by the month's end, pro-rated for the current month).
   */
  monthlyUsage() {
    const submitted = sql<string>`(f.submitted_at at time zone 'UTC')`;
    const monthEnd = sql<string>`m.start + interval '1 month'`;
    return this.db
      .with('months', (db) =>
        db.selectNoFrom(
          sql<string>`generate_series(
            date_trunc('month', least(
              coalesce((select min(day) from platform_daily where sessions > 0), current_date),
              coalesce((select min(submitted_at at time zone 'UTC')::date from films where media_bytes > 0), current_date))),
            date_trunc('month', current_date), interval '1 month')`.as('start'),
        ),
      )
      .selectFrom('months as m')
      .select((eb) => {
        const platform = eb
          .selectFrom('platform_daily as p')
          .where('p.day', '>=', eb.ref('m.start'))
          .where('p.day', '<', monthEnd);
        const stored = eb.fn.coalesce(
          eb
            .selectFrom('films as f')
            .select((eb) => eb.fn.sum('f.media_bytes').as('bytes'))
            .where('f.media_bytes', '>', '0')
            .where((eb) => eb.not(eb.ref('f.deleted')))
            .where(submitted, '<', monthEnd),
          eb.lit(0),
        );
        return [
          sql<string>`to_char(m.start, 'YYYY-MM')`.as('month'),
          totalOrZero(
            eb,
            platform.select((eb) => eb.fn.sum('p.egress_bytes').as('bytes')),
            'float8',
          ).as('egress_bytes'),
          totalOrZero(
            eb,
            platform.select((eb) => eb.fn.sum('p.views').as('views')),
            'integer',
          ).as('views'),
          totalOrZero(
            eb,
            eb
              .selectFrom('films as f')
              .select(sql<number>`sum(f.duration_seconds) / 60`.as('minutes'))
              .where('f.media_bytes', '>', '0')
              .where(submitted, '>=', eb.ref('m.start'))
              .where(submitted, '<', monthEnd),
            'float8',
          ).as('transcoded_minutes'),
          sql<number>`${eb.cast(stored, 'float8')}
            * least(1, extract(epoch from (now() - m.start)) / extract(epoch from (m.start + interval '1 month' - m.start)))`.as(
            'stored_bytes',
          ),
        ];
      })
      .orderBy('m.start')
      .execute();
  }
}
