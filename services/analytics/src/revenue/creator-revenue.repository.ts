import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type Expression } from 'kysely';
import type { Db } from '../db';

/** A sum of micro-dollars or impressions as PostgreSQL's bigint text; 0 over no rows. */
const bigintSum = (value: Expression<unknown>) => sql<string>`coalesce(sum(${value}), 0)::bigint`;

/**
 * A creator's earnings in micro-dollars for the ad_daily row `d`, rounded down per impression:
 * Σ floor(charge × share) × impressions charged that amount. The share is bound as decimal text
 * (exact numeric arithmetic, no binary float rounding).
 */
const earningsMicros = (share: string) =>
  sql<string>`(select coalesce(sum(floor(c.key::numeric * ${share}::numeric) * c.value::numeric), 0)
                 from jsonb_each_text(d.impressions_by_charge) c)`;

/** The ad/day rollup joined to the films read model (film → creator), summed in micro-dollars. */
@Injectable()
export class CreatorRevenueRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * Every film of the creator with its totals (films since deleted only if they earned), the
   * highest earnings first. `share` is the creator's share as decimal text ("0.55").
   */
  byFilm(creatorId: number, share: string) {
    return this.db
      .selectFrom('films as f')
      .leftJoin('ad_daily as d', 'd.film_id', 'f.id')
      .select([
        'f.id as film_id',
        'f.title',
        bigintSum(sql.ref('d.revenue_micros')).as('revenue_micros'),
        bigintSum(earningsMicros(share)).as('earnings_micros'),
        bigintSum(sql.ref('d.impressions')).as('impressions'),
      ])
      .where('f.creator_id', '=', creatorId)
      .groupBy('f.id')
      .having((eb) =>
        eb.or([
          eb.not(eb.ref('f.deleted')),
          eb(eb.fn.coalesce(eb.fn.sum('d.impressions'), eb.lit(0)), '>', 0),
        ]),
      )
      .orderBy('earnings_micros', 'desc')
      .orderBy('impressions', 'desc')
      .orderBy('f.id', 'desc')
      .execute();
  }

  /** Per month (YYYY-MM) and film from the day `from`, the films with impressions; newest month first. */
  byMonthAndFilm(creatorId: number, share: string, from: string) {
    const month = sql<string>`to_char(d.day, 'YYYY-MM')`;
    return this.db
      .selectFrom('ad_daily as d')
      .innerJoin('films as f', 'f.id', 'd.film_id')
      .select([
        month.as('month'),
        'd.film_id',
        'f.title',
        sql<string>`sum(d.revenue_micros)::bigint`.as('revenue_micros'),
        sql<string>`sum(${earningsMicros(share)})::bigint`.as('earnings_micros'),
        sql<string>`sum(d.impressions)::bigint`.as('impressions'),
      ])
      .where('f.creator_id', '=', creatorId)
      .where('d.day', '>=', sql<string>`${from}::date`)
      .groupBy([month, 'd.film_id', 'f.title'])
      .having((eb) => eb(eb.fn.sum('d.impressions'), '>', 0))
      .orderBy('month', 'desc')
      .orderBy('d.film_id')
      .execute();
  }
}
