import type { EntityManager } from '@mikro-orm/postgresql';

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

/**
 * Serialises one member's continue-watching changes (progress and clears), so a clear never
 * interleaves with a progress event's check-then-write. Events are keyed by member, so this lock
 * is only contended if a consumer-group rebalance hands a partition over mid-batch.
 */
export async function lockContinueWatching(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('social.continue_watching'), hashtext(?))`, [
    userId,
  ]);
}
