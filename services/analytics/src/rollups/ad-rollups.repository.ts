import { InjectQueryDb, lockForTransaction, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** An ad day's key (a film, a campaign, a placement type) and the figures recomputed for it. */
const AD_DAY_KEY = ['day', 'film_id', 'campaign_id', 'placement_type'] as const;
/** The figures that count one kind of event (the start is the impression). */
const EVENT_COUNTS = [
  ['impressions', 'start'],
  ['clicks', 'click'],
  ['completes', 'complete'],
  ['skips', 'skip'],
  ['first_quartiles', 'first_quartile'],
  ['midpoints', 'midpoint'],
  ['third_quartiles', 'third_quartile'],
] as const;
const AD_DAY_FIGURES = [
  ...EVENT_COUNTS.map(([figure]) => figure),
  'revenue_micros',
  'impressions_by_charge',
  'computed_at',
] as const;

/**
 * The ad/day rollup (ad_daily), recomputed whole from the stored ad events of one film's day under
 * a transaction-scoped advisory lock on the bucket, like the viewing rollups (RollupsRepository).
 */
@Injectable()
export class AdRollupsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  lockAdDay(filmId: number, day: string): Promise<void> {
    return lockForTransaction<DB>(this.db, 'analytics.ad-day', `${filmId}:${day}`);
  }

  /**
   * One film's ad events of one UTC day, per campaign and placement type. The start event is the
   * impression and carries the charge; impressions_by_charge ({"5000": 12}) keeps how many
   * impressions charged each amount, so a creator's earnings can be rounded down per impression
   * (docs/advertising.md#money) at read time, with the revenue share configured then.
   */
  async recomputeAdDay(filmId: number, day: string): Promise<void> {
    await this.db
      .insertInto('ad_daily')
      .columns([...AD_DAY_KEY, ...AD_DAY_FIGURES])
      .expression((eb) =>
        eb
          // One pass over the day's events: counts per key and charge, then folded per key.
          .selectFrom((eb) =>
            eb
              .selectFrom('ad_events')
              .select([
                ...AD_DAY_KEY,
                'charge_micros',
                ...EVENT_COUNTS.map(([figure, kind]) =>
                  sql<number>`count(*) filter (where kind = ${sql.lit(kind)})::int`.as(figure),
                ),
              ])
              .where('film_id', '=', filmId)
              .where('day', '=', sql<string>`${day}::date`)
              .groupBy([...AD_DAY_KEY, 'charge_micros'])
              .as('c'),
          )
          .select([
            ...AD_DAY_KEY.map((column) => `c.${column}` as const),
            ...EVENT_COUNTS.map(([figure]) => sql<number>`sum(${sql.ref(`c.${figure}`)})::int`.as(figure)),
            sql<string>`sum(c.charge_micros * c.impressions)`.as('revenue_micros'),
            sql<
              Record<string, number>
            >`coalesce(jsonb_object_agg(c.charge_micros::text, c.impressions) filter (where c.impressions > 0), '{}')`.as(
              'impressions_by_charge',
            ),
            sql<string>`now()`.as('computed_at'),
          ])
          .groupBy(AD_DAY_KEY.map((column) => `c.${column}` as const)),
      )
      .onConflict((conflict) =>
        conflict.columns(AD_DAY_KEY).doUpdateSet((eb) => takeExcluded(eb, AD_DAY_FIGURES)),
      )
      .execute();
  }
}
