import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** A member's viewing sessions as their watch history, and when they last cleared it. */
@Injectable()
export class WatchHistoryRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * One entry per film watched since the member last cleared their history (films since deleted
   * left out), the latest first: where they stopped in their latest session, and the totals.
   */
  entries(userId: string, limit: number, offset: number) {
    return this.db
      .selectFrom('viewing_sessions as s')
      .leftJoin('films as f', 'f.id', 's.film_id')
      .leftJoin('history_clears as h', 'h.user_id', 's.user_id')
      .select((eb) => [
        's.film_id',
        'f.title',
        'f.poster_url',
        'f.genre',
        'f.duration_seconds',
        eb.fn.max('s.client_updated_at').as('watched_at'),
        sql<number>`(array_agg(s.end_position order by s.client_updated_at desc))[1]`.as('position'),
        eb.fn.sum<number>('s.total_watch_time').as('watch_time'),
        eb.cast<number>(eb.fn.countAll(), 'integer').as('sessions'),
        eb.fn<boolean>('bool_or', ['s.completed']).as('completed'),
      ])
      .where('s.user_id', '=', userId)
      .where((eb) =>
        eb.and([
          eb.or([eb('h.cleared_at', 'is', null), eb('s.last_received_at', '>', eb.ref('h.cleared_at'))]),
          eb.not(eb.fn.coalesce('f.deleted', eb.lit(false))),
        ]),
      )
      .groupBy(['s.film_id', 'f.title', 'f.poster_url', 'f.genre', 'f.duration_seconds'])
      .orderBy('watched_at', 'desc')
      .orderBy('s.film_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Every viewing session the member is tied to (cleared or not), oldest first: their archive. */
  sessionsOf(userId: string) {
    return this.db
      .selectFrom('viewing_sessions as s')
      .leftJoin('films as f', 'f.id', 's.film_id')
      .select([
        's.session_id',
        's.film_id',
        'f.title',
        's.started_at',
        's.client_updated_at',
        's.end_position',
        's.total_watch_time',
        's.completed',
        's.device_type',
        's.browser',
        's.os',
        's.country',
      ])
      .where('s.user_id', '=', userId)
      .orderBy('s.started_at')
      .orderBy('s.session_id')
      .execute();
  }

  /** Marks everything watched until now as cleared; returns that moment. */
  async clear(userId: string): Promise<string> {
    const row = await this.db
      .insertInto('history_clears')
      .values({ user_id: userId, cleared_at: sql<string>`now()` })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({ cleared_at: eb.ref('excluded.cleared_at') })),
      )
      .returning('cleared_at')
      .executeTakeFirstOrThrow();
    return row.cleared_at;
  }

  /**
   * A member deleted their account: their viewing and ad events stay in every figure but name no
   * member any more (the viewer key, an opaque id no longer tied to anyone, keeps unique viewers
   * and shards as they were), and what arrives late from before `deletedAt` stays out of any
   * history.
   */
  async unlink(userId: string, deletedAt: Date): Promise<void> {
    for (const table of ['viewing_sessions', 'session_events', 'ad_events'] as const) {
      await this.db.updateTable(table).set({ user_id: null }).where('user_id', '=', userId).execute();
    }
    await this.db
      .insertInto('history_clears')
      .values({ user_id: userId, cleared_at: deletedAt.toISOString() })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({
          cleared_at: eb.fn('greatest', ['history_clears.cleared_at', 'excluded.cleared_at']),
        })),
      )
      .execute();
  }
}

export type WatchHistoryEntry = Awaited<ReturnType<WatchHistoryRepository['entries']>>[number];
