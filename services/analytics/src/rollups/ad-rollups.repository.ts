import { InjectQueryDb, lockForTransaction, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** count(*) as an int4 (PostgreSQL counts in int8, which comes back as text). */
const countInt = sql<number>`count(*)::int`;

/** An ad day's key (a film, a campaign, a placement type) and the figures recomputed for it. */
const AD_DAY_KEY = ['day', 'film_id', 'campaign_id', 'placement_type'] as const;
const AD_DAY_FIGURES = [
  'impressions',
  'clicks',
  'completes',
  'skips',
  'first_quartiles',
  'midpoints',
  'third_quartiles',
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
    const count = (kind: string) => sql<number>`count(*) filter (where kind = ${sql.lit(kind)})::int`;
    await this.db
      .insertInto('ad_daily')
      .columns([...AD_DAY_KEY, ...AD_DAY_FIGURES])
      .expression((eb) =>
        eb
          .selectFrom('ad_events as e')
          .select((eb) => [
            'e.day',
            'e.film_id',
            'e.campaign_id',
            'e.placement_type',
            count('start').as('impressions'),
            count('click').as('clicks'),
            count('complete').as('completes'),
            count('skip').as('skips'),
            count('first_quartile').as('first_quartiles'),
            count('midpoint').as('midpoints'),
            count('third_quartile').as('third_quartiles'),
            sql<string>`coalesce(sum(charge_micros) filter (where kind = 'start'), 0)`.as('revenue_micros'),
            eb.fn
              .coalesce(
                eb
                  .selectFrom((eb) =>
                    eb
                      .selectFrom('ad_events as s')
                      .select([sql<string>`s.charge_micros::text`.as('charge'), countInt.as('n')])
                      .whereRef('s.film_id', '=', 'e.film_id')
                      .whereRef('s.day', '=', 'e.day')
                      .whereRef('s.campaign_id', '=', 'e.campaign_id')
                      .whereRef('s.placement_type', '=', 'e.placement_type')
                      .where('s.kind', '=', sql.lit('start'))
                      .groupBy('s.charge_micros')
                      .as('c'),
                  )
                  .select(sql<Record<string, number>>`jsonb_object_agg(c.charge, c.n)`.as('counts')),
                sql<Record<string, number>>`'{}'`,
              )
              .as('impressions_by_charge'),
            sql<string>`now()`.as('computed_at'),
          ])
          .where('e.film_id', '=', filmId)
          .where('e.day', '=', sql<string>`${day}::date`)
          .groupBy(['e.day', 'e.film_id', 'e.campaign_id', 'e.placement_type']),
      )
      .onConflict((conflict) =>
        conflict.columns(AD_DAY_KEY).doUpdateSet((eb) => takeExcluded(eb, AD_DAY_FIGURES)),
      )
      .execute();
  }
}
