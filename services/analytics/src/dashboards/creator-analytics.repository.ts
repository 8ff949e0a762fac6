import { InjectQueryDb } from '@kinora/common';
import type { FilmStatus } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { ANALYTICS_FILM_COLUMNS } from './analytics-film';
import { totalOrZero } from './totals';

/** A creator's figures, read from the rollups (film/day and creator/day) and the read models. */
@Injectable()
export class CreatorAnalyticsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** All-time views and watch time, the ratings of the creator's films, and when the rollups last ran. */
  totals(creatorId: number) {
    const daily = this.db.selectFrom('creator_daily').where('creator_id', '=', creatorId);
    return this.db
      .selectFrom('films as f')
      .select((eb) => [
        totalOrZero(
          eb,
          daily.select((eb) => eb.fn.sum('views').as('views')),
          'integer',
        ).as('views'),
        totalOrZero(
          eb,
          daily.select((eb) => eb.fn.sum('watch_seconds').as('watch_time')),
          'float8',
        ).as('watch_time'),
        totalOrZero(eb, eb.fn.sum('f.rating_sum'), 'float8').as('rating_sum'),
        totalOrZero(eb, eb.fn.sum('f.review_count'), 'integer').as('reviews'),
        daily.select((eb) => eb.fn.max('computed_at').as('computed_at')).as('computed_at'),
      ])
      .where('f.creator_id', '=', creatorId)
      .where((eb) => eb.not(eb.ref('f.deleted')))
      .executeTakeFirstOrThrow();
  }

  /** The creator's days from `from` on. */
  daily(creatorId: number, from: string) {
    return this.db
      .selectFrom('creator_daily')
      .select((eb) => [
        eb.cast<string>('day', 'text').as('day'),
        'views',
        'watch_seconds as watch_time',
        'sessions',
      ])
      .where('creator_id', '=', creatorId)
      .where('day', '>=', sql<string>`${from}::date`)
      .execute();
  }

  /** Each film of the creator with its all-time figures and those from `from` on; most viewed first. */
  films(creatorId: number, from: string) {
    return this.db
      .selectFrom('films as f')
      .leftJoin('film_daily as d', 'd.film_id', 'f.id')
      .select((eb) => {
        const inPeriod = eb('d.day', '>=', sql<string>`${from}::date`);
        return [
          ...ANALYTICS_FILM_COLUMNS,
          eb.ref('f.status').$castTo<FilmStatus>().as('status'),
          totalOrZero(eb, eb.fn.sum('d.views'), 'integer').as('views'),
          totalOrZero(eb, eb.fn.sum('d.watch_seconds'), 'float8').as('watch_time'),
          totalOrZero(eb, eb.fn.sum('d.views').filterWhere(inPeriod), 'integer').as('period_views'),
          totalOrZero(eb, eb.fn.sum('d.watch_seconds').filterWhere(inPeriod), 'float8').as(
            'period_watch_time',
          ),
          totalOrZero(eb, eb.fn.sum('d.sessions').filterWhere(inPeriod), 'integer').as('period_sessions'),
          totalOrZero(eb, eb.fn.sum('d.completions').filterWhere(inPeriod), 'integer').as(
            'period_completions',
          ),
        ];
      })
      .where('f.creator_id', '=', creatorId)
      .where((eb) => eb.not(eb.ref('f.deleted')))
      .groupBy('f.id')
      .orderBy('views', 'desc')
      .orderBy('period_views', 'desc')
      .orderBy('f.id', 'desc')
      .execute();
  }

  /** The retention counts of each of the creator's film days from `from` on. */
  retention(creatorId: number, from: string) {
    return this.db
      .selectFrom('film_daily')
      .select(['film_id', 'retention'])
      .where('creator_id', '=', creatorId)
      .where('day', '>=', sql<string>`${from}::date`)
      .execute();
  }

  /** Sessions per country, device or browser over the creator's film days from `from` on; largest first. */
  shares(column: 'countries' | 'devices' | 'browsers', creatorId: number, from: string) {
    return this.db
      .selectFrom([
        'film_daily as d',
        sql<{ key: string; value: string }>`jsonb_each_text(${sql.ref(`d.${column}`)})`.as('e'),
      ])
      .select(['e.key as name', sql<number>`sum(e.value::int)::int`.as('sessions')])
      .where('d.creator_id', '=', creatorId)
      .where('d.day', '>=', sql<string>`${from}::date`)
      .groupBy('e.key')
      .orderBy('sessions', 'desc')
      .orderBy('name')
      .execute();
  }

  async followers(creatorId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('creators')
      .select('followers')
      .where('id', '=', creatorId)
      .executeTakeFirst();
    return row?.followers;
  }

  /**
   * The last 7 UTC days, oldest first: the follower count at each day's end and at its start, and
   * 30 days ago (the latest version recorded before each moment; 0 before any).
   */
  growth(creatorId: number) {
    return this.db
      .selectFrom(
        sql<{ d: string }>`generate_series(current_date - 6, current_date, interval '1 day')`.as('d'),
      )
      .select((eb) => {
        const followersBefore = (moment: RawBuilder<string>) =>
          eb.fn.coalesce(
            eb
              .selectFrom('follower_counts as c')
              .select('c.followers')
              .where('c.creator_id', '=', creatorId)
              .where('c.changed_at', '<', moment)
              .orderBy('c.version', 'desc')
              .limit(1),
            eb.lit(0),
          );
        return [
          sql<string>`d.d::date::text`.as('day'),
          followersBefore(sql`d.d + interval '1 day'`).as('followers'),
          followersBefore(sql`d.d`).as('before'),
          followersBefore(sql`now() - interval '30 days'`).as('month_ago'),
        ];
      })
      .orderBy('d.d')
      .execute();
  }
}

export type ShareRecord = Awaited<ReturnType<CreatorAnalyticsRepository['shares']>>[number];
