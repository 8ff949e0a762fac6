import { InjectQueryDb, lockForTransaction } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

export type RowEventRecord = Insertable<DB['row_events']>;

/** A view counts as coming from a recommendation when its viewer clicked its film in a row this long before. */
export const ATTRIBUTION_WINDOW_MINUTES = 60;

/** Recommendation rows seen and clicked, their daily rollup, and the views they led to. */
@Injectable()
export class RowEventsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Stores the event unless its session already has one of this kind for this row; true if stored. */
  async insert(event: RowEventRecord): Promise<boolean> {
    const stored = await this.db
      .insertInto('row_events')
      .values(event)
      .onConflict((conflict) => conflict.columns(['session_id', 'row_key', 'kind']).doNothing())
      .returning('session_id')
      .executeTakeFirst();
    return stored !== undefined;
  }

  lockRowDay(day: string): Promise<void> {
    return lockForTransaction<DB>(this.db, 'analytics.row-day', day);
  }

  /** One day's impressions and clicks per row kind, recomputed from the stored events. */
  async recomputeRowDay(day: string): Promise<void> {
    await this.db.deleteFrom('row_daily').where('day', '=', day).execute();
    await this.db
      .insertInto('row_daily')
      .columns(['day', 'row_kind', 'impressions', 'clicks', 'computed_at'])
      .expression((eb) =>
        eb
          .selectFrom('row_events')
          .select((eb) => [
            'day',
            'row_kind',
            eb
              .cast<number>(eb.fn.countAll().filterWhere('kind', '=', 'impression'), 'integer')
              .as('impressions'),
            eb.cast<number>(eb.fn.countAll().filterWhere('kind', '=', 'click'), 'integer').as('clicks'),
            sql<string>`now()`.as('computed_at'),
          ])
          .where('day', '=', day)
          .groupBy(['day', 'row_kind']),
      )
      .execute();
  }

  /** Impressions and clicks per row kind since `from` (a UTC day). */
  clickThrough(from: string) {
    return this.db
      .selectFrom('row_daily')
      .select((eb) => [
        'row_kind',
        eb.cast<number>(eb.fn.sum('impressions'), 'integer').as('impressions'),
        eb.cast<number>(eb.fn.sum('clicks'), 'integer').as('clicks'),
      ])
      .where('day', '>=', from)
      .groupBy('row_kind')
      .orderBy('row_kind')
      .execute();
  }

  /**
   * The creator's qualified views since `from` whose viewer had clicked that film in a
   * recommendation row within the attribution window before the session started.
   */
  async recommendedViews(creatorId: number, from: string): Promise<number> {
    const row = await this.db
      .selectFrom('viewing_sessions as s')
      .innerJoin('films as f', 'f.id', 's.film_id')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('f.creator_id', '=', creatorId)
      .where('s.day', '>=', from)
      .where('s.qualified_at', 'is not', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('row_events as e')
            .select(sql`1`.as('one'))
            .where('e.kind', '=', 'click')
            .whereRef('e.viewer_key', '=', 's.viewer_key')
            .whereRef('e.film_id', '=', 's.film_id')
            .whereRef('e.occurred_at', '<=', 's.started_at')
            .where(
              'e.occurred_at',
              '>',
              sql<string>`s.started_at - make_interval(mins => ${ATTRIBUTION_WINDOW_MINUTES})`,
            ),
        ),
      )
      .executeTakeFirstOrThrow();
    return row.n;
  }
}
