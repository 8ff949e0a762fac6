import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';
import { OPTIMIZATIONS_WINDOW_HOURS, type OptimizationKind } from './optimization-kinds';

/** One line of the optimizations log. */
export interface OptimizationLine {
  campaignId: string;
  kind: OptimizationKind;
  count: number;
  detail: string;
}

/** The optimizations log: what pacing, caps, budgets and flights did to campaigns. */
@Injectable()
export class OptimizationsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * The log of the last OPTIMIZATIONS_WINDOW_HOURS grouped by campaign and cause, the most recent
   * first: how many minutes logged it, how many selections in all, the first and latest time and
   * the latest line's detail (a campaign held back all day is one entry, not one a minute).
   */
  recent(limit: number) {
    return this.db
      .selectFrom('ad_optimizations as o')
      .innerJoin('campaigns as c', 'c.id', 'o.campaign_id')
      .where(sql<boolean>`o.at > now() - make_interval(hours => ${OPTIMIZATIONS_WINDOW_HOURS})`)
      .groupBy(['o.campaign_id', 'c.name', 'o.kind'])
      .select((eb) => [
        'o.campaign_id',
        'c.name as campaign_name',
        eb.ref('o.kind').$castTo<OptimizationKind>().as('kind'),
        sql<number>`count(*)::int`.as('entries'),
        sql<number>`sum(o.count)::int`.as('count'),
        sql<string>`(array_agg(o.detail order by o.at desc, o.id desc))[1]`.as('detail'),
        eb.fn.min('o.at').as('first_at'),
        eb.fn.max('o.at').as('at'),
      ])
      .orderBy(sql`max(o.at)`, 'desc')
      .orderBy('o.campaign_id', 'desc')
      .orderBy('o.kind')
      .limit(limit)
      .execute();
  }

  /** Writes the lines of campaigns that still exist (in one statement: a campaign deleted meanwhile is skipped). */
  async log(lines: OptimizationLine[]): Promise<void> {
    if (lines.length === 0) return;
    const json = JSON.stringify(
      lines.map((line) => ({
        campaign_id: line.campaignId,
        kind: line.kind,
        count: line.count,
        detail: line.detail,
      })),
    );
    await this.db
      .insertInto('ad_optimizations')
      .columns(['campaign_id', 'kind', 'count', 'detail'])
      .expression((eb) =>
        eb
          .selectFrom(
            sql<{
              campaign_id: string;
              kind: string;
              count: number;
              detail: string;
            }>`jsonb_to_recordset(${json}::jsonb)`.as<'x'>(
              sql`x(campaign_id bigint, kind text, count integer, detail text)`,
            ),
          )
          .select(['x.campaign_id', 'x.kind', 'x.count', 'x.detail'])
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('campaigns as c')
                .whereRef('c.id', '=', 'x.campaign_id')
                .select(sql.lit(1).as('one')),
            ),
          ),
      )
      .execute();
  }
}
