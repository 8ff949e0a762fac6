import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** A bigint sum as PostgreSQL's text (micro-dollars and counts can pass 2^53). */
const bigintSum = (column: 'revenue_micros' | 'impressions' | 'clicks' | 'completes') =>
  sql<string>`sum(${sql.ref(column)})::bigint`;

/** The admin's advertising figures: the ad/day rollup and the campaigns read model. */
@Injectable()
export class AdMetricsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** All-time totals per placement type. */
  byPlacement() {
    return this.db
      .selectFrom('ad_daily')
      .select([
        'placement_type',
        bigintSum('revenue_micros').as('revenue_micros'),
        bigintSum('impressions').as('impressions'),
        bigintSum('clicks').as('clicks'),
        bigintSum('completes').as('completes'),
      ])
      .groupBy('placement_type')
      .execute();
  }

  /** Totals per UTC day from `from` on. */
  byDay(from: string) {
    return this.db
      .selectFrom('ad_daily')
      .select((eb) => [
        eb.cast<string>('day', 'text').as('day'),
        bigintSum('revenue_micros').as('revenue_micros'),
        bigintSum('impressions').as('impressions'),
        bigintSum('clicks').as('clicks'),
      ])
      .where('day', '>=', sql<string>`${from}::date`)
      .groupBy('day')
      .execute();
  }

  /** Campaigns running now (active, not deleted, within their flight) and their budgets' sum. */
  runningCampaigns() {
    return this.db
      .selectFrom('ad_campaigns')
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll(), 'integer').as('active'),
        sql<string>`coalesce(sum(budget_micros), 0)::bigint`.as('budget_micros'),
      ])
      .where('status', '=', 'active')
      .where((eb) =>
        eb.and([
          eb.not(eb.ref('deleted')),
          eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<string>`now()`)]),
          eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<string>`now()`)]),
        ]),
      )
      .executeTakeFirstOrThrow();
  }
}
