import { InjectQueryDb, lockForTransaction } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';
import type { CollapsedProgress } from './progress-batch';

const LOCK_NAMESPACE = 'social.continue_watching';

/** A film whose mark moved, and whether its earlier events' traces apply (advanceMarks). */
export interface AdvancedMark {
  userId: string;
  filmId: number;
  finishedSince: boolean;
  lengthSince: boolean;
}

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
 *
 * Progress is applied a batch at a time, as what its events come to per member and film
 * (progress-batch.ts), in a handful of statements whatever the batch's size. It needs no ledger of
 * events applied: an event delivered again is no newer than the mark it moved (or than the clear
 * that since removed that mark), so it changes nothing.
 */
@Injectable()
export class ContinueWatchingRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * Serialises one member's continue-watching changes (progress and clears), so a clear never
   * interleaves with a progress batch's check-then-write. Events are keyed by member, so this lock
   * is contended only by a member's clear applied while a batch of their progress is (the two
   * topics have consumers of their own), or when a rebalance hands a partition over mid-batch.
   */
  lock(userId: string): Promise<void> {
    return lockForTransaction<DB>(this.db, LOCK_NAMESPACE, userId);
  }

  /**
   * Takes `lock(userId)` for each member, in one statement and in the order of the locks' keys (not
   * of the ids, whose hashes may collide), so transactions locking overlapping members never
   * deadlock.
   */
  async lockMembers(userIds: readonly string[]): Promise<void> {
    await sql`select count(*) from (
        select pg_advisory_xact_lock(hashtext(${LOCK_NAMESPACE}), key) from (
          select distinct hashtext(user_id) as key from unnest(${[...userIds]}::text[]) as user_id order by key
        ) as keys
      ) as locked`.execute(this.db);
  }

  /**
   * Moves each film's mark to the progress's watched_at where that is newer than the mark and than
   * the member's last clear, under the members' locks; answers the pairs whose mark moved (whose
   * progress is to be applied), each saying whether its earlier events' traces are newer than the
   * mark as it was (progress-batch.ts): an earlier finish (the entry is made anew) and an earlier
   * known length (it is kept).
   */
  async advanceMarks(progress: readonly CollapsedProgress[]): Promise<AdvancedMark[]> {
    const batch = JSON.stringify(
      progress.map((p) => ({
        user_id: p.userId,
        film_id: p.filmId,
        watched_at: p.watchedAt,
        finished_at: p.finishedAt,
        length_at: p.lengthFrom?.watchedAt ?? null,
      })),
    );
    const { rows } = await sql<AdvancedMark>`with batch as (
        select * from json_to_recordset(${batch}::json) as b(
          user_id text, film_id integer, watched_at timestamptz, finished_at timestamptz, length_at timestamptz)
      ), prior as (
        select batch.*, greatest(m.watched_at, c.cleared_at) as since from batch
          left join watch_progress_marks m on m.user_id = batch.user_id and m.film_id = batch.film_id
          left join watch_history_clears c on c.user_id = batch.user_id
      ), advanced as (
        insert into watch_progress_marks (user_id, film_id, watched_at)
          select user_id, film_id, watched_at from prior where since is null or watched_at > since
          on conflict (user_id, film_id) do update set watched_at = excluded.watched_at
            where watch_progress_marks.watched_at < excluded.watched_at
          returning user_id, film_id
      )
      select prior.user_id as "userId", prior.film_id as "filmId",
          coalesce(prior.finished_at > prior.since, prior.finished_at is not null) as "finishedSince",
          coalesce(prior.length_at > prior.since, prior.length_at is not null) as "lengthSince"
        from advanced join prior on prior.user_id = advanced.user_id and prior.film_id = advanced.film_id`.execute(
      this.db,
    );
    return rows;
  }

  /** Finished films leave the list (their marks stay), and entries made anew go first. */
  async removeEntries(pairs: ReadonlyArray<{ userId: string; filmId: number }>): Promise<void> {
    const gone = JSON.stringify(pairs.map((p) => ({ user_id: p.userId, film_id: p.filmId })));
    await sql`delete from list_entries using json_to_recordset(${gone}::json) as gone(user_id text, film_id integer)
      where list_entries.list_type = 'continue_watching'
        and list_entries.user_id = gone.user_id and list_entries.film_id = gone.film_id`.execute(this.db);
  }

  /**
   * Writes the progress shown, at most once per member and film; a length of null keeps the one
   * known from earlier progress.
   */
  async upsertEntries(
    entries: ReadonlyArray<{
      userId: string;
      filmId: number;
      seconds: number;
      durationSeconds: number | null;
      watchedAt: Date;
    }>,
  ): Promise<void> {
    const rows = JSON.stringify(
      entries.map((e) => ({
        user_id: e.userId,
        film_id: e.filmId,
        progress_seconds: e.seconds,
        duration_seconds: e.durationSeconds,
        progress_at: e.watchedAt,
      })),
    );
    await sql`insert into list_entries (user_id, film_id, list_type, progress_seconds, duration_seconds, progress_at)
      select user_id, film_id, 'continue_watching', progress_seconds, duration_seconds, progress_at
        from json_to_recordset(${rows}::json) as entry(user_id text, film_id integer, progress_seconds integer,
          duration_seconds double precision, progress_at timestamptz)
      on conflict (user_id, list_type, film_id) do update set
        progress_seconds = excluded.progress_seconds,
        duration_seconds = coalesce(excluded.duration_seconds, list_entries.duration_seconds),
        progress_at = excluded.progress_at`.execute(this.db);
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
