import { InjectQueryDb, lockForTransaction } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/**
 * Continue Watching is kept from analytics' events only (the list calls never write it), and those
 * arrive at least once, late or out of order. What is applied is decided by when it was watched:
 *
 * - watch_progress_marks holds, per member and film, the newest watched_at applied. A progress
 *   event older than (or as old as) the mark changes nothing. The mark stays when a finished film
 *   leaves the list: that is the tombstone that keeps an older, unfinished event from bringing the
 *   entry back, while a newer one (the film started again) does.
 * - watch_history_clears holds the member's latest cleared_at: progress watched up to then is
 *   dropped, whether or not social had an entry for that film, so marks up to then are not needed.
 *
 * The list entry itself carries the progress shown (position, length, when watched), so reads need
 * no knowledge of marks or clears.
 */
@Injectable()
export class ContinueWatchingRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * Serialises one member's continue-watching changes (progress and clears), so a clear never
   * interleaves with a progress event's check-then-write. Events are keyed by member, so this lock
   * is only contended if a consumer-group rebalance hands a partition over mid-batch.
   */
  lock(userId: string): Promise<void> {
    return lockForTransaction<DB>(this.db, 'social.continue_watching', userId);
  }

  /**
   * Moves the film's mark to watchedAt if that is newer than the mark and than the member's last
   * clear; answers whether it moved (whether the progress is to be applied).
   */
  async advanceMark(userId: string, filmId: number, watchedAt: Date): Promise<boolean> {
    const at = watchedAt.toISOString();
    const advanced = await this.db
      .insertInto('watch_progress_marks')
      .columns(['user_id', 'film_id', 'watched_at'])
      .expression(
        this.db
          .selectNoFrom((eb) => [
            eb.val(userId).as('user_id'),
            eb.val(filmId).as('film_id'),
            eb.val(at).as('watched_at'),
          ])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('watch_history_clears')
                  .select('user_id')
                  .where('user_id', '=', userId)
                  .where('cleared_at', '>=', at),
              ),
            ),
          ),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'film_id'])
          .doUpdateSet((eb) => ({ watched_at: eb.ref('excluded.watched_at') }))
          .whereRef('watch_progress_marks.watched_at', '<', 'excluded.watched_at'),
      )
      .executeTakeFirst();
    return advanced.numInsertedOrUpdatedRows! > 0n;
  }

  /** A finished film leaves the list (its mark stays). */
  async removeEntry(userId: string, filmId: number): Promise<void> {
    await this.db
      .deleteFrom('list_entries')
      .where('user_id', '=', userId)
      .where('list_type', '=', 'continue_watching')
      .where('film_id', '=', filmId)
      .execute();
  }

  /** Writes the progress shown; a length of null keeps the one known from earlier progress. */
  async upsertEntry(
    userId: string,
    filmId: number,
    progress: { seconds: number; durationSeconds: number | null; watchedAt: Date },
  ): Promise<void> {
    await this.db
      .insertInto('list_entries')
      .values({
        user_id: userId,
        film_id: filmId,
        list_type: 'continue_watching',
        progress_seconds: progress.seconds,
        duration_seconds: progress.durationSeconds,
        progress_at: progress.watchedAt.toISOString(),
      })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'list_type', 'film_id']).doUpdateSet((eb) => ({
          progress_seconds: eb.ref('excluded.progress_seconds'),
          duration_seconds: eb.fn.coalesce('excluded.duration_seconds', 'list_entries.duration_seconds'),
          progress_at: eb.ref('excluded.progress_at'),
        })),
      )
      .execute();
  }

  /**
   * Records the member's clear (a late, older clear never moves cleared_at back), drops their
   * entries watched up to then and the marks the clear now stands for.
   */
  async clear(userId: string, clearedAt: Date): Promise<void> {
    const at = clearedAt.toISOString();
    await this.db
      .insertInto('watch_history_clears')
      .values({ user_id: userId, cleared_at: at })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({
          cleared_at: eb.fn('greatest', ['watch_history_clears.cleared_at', 'excluded.cleared_at']),
        })),
      )
      .execute();
    await this.db
      .deleteFrom('list_entries')
      .where('user_id', '=', userId)
      .where('list_type', '=', 'continue_watching')
      .where((eb) => eb.or([eb('progress_at', 'is', null), eb('progress_at', '<=', at)]))
      .execute();
    await this.db
      .deleteFrom('watch_progress_marks')
      .where('user_id', '=', userId)
      .where('watched_at', '<=', at)
      .execute();
  }
}
