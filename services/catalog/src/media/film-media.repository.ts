import { InjectQueryDb } from '@kinora/common';
import type { MediaStatus } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

const now = sql<string>`now()`;

/**
 * film_media: the media pipeline's state of each film's source video (queued → processing → ready
 * or failed), as MediaService queues it and catalog-worker's jobs move it along.
 */
@Injectable()
export class FilmMediaRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Inserts or resets the film's row: queued, no attempts, no progress, no failure reason. */
  async queue(filmId: number, sourcePath: string): Promise<void> {
    await this.db
      .insertInto('film_media')
      .values({
        film_id: filmId,
        source_path: sourcePath,
        status: 'queued',
        failure_reason: null,
        attempts: 0,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.column('film_id').doUpdateSet((eb) => ({
          source_path: eb.ref('excluded.source_path'),
          status: 'queued',
          failure_reason: null,
          attempts: 0,
          progress: 0,
          updated_at: now,
        })),
      )
      .execute();
  }

  /** A transcode begins: processing, one more attempt, progress 0. Its attempt, or undefined without a row. */
  async markProcessing(filmId: number): Promise<number | undefined> {
    const marked = await this.db
      .updateTable('film_media')
      .set((eb) => ({ status: 'processing', attempts: eb('attempts', '+', 1), progress: 0, updated_at: now }))
      .where('film_id', '=', filmId)
      .returning('attempts')
      .executeTakeFirst();
    return marked?.attempts;
  }

  /** The running transcode's progress (ignored once it is no longer processing). */
  async reportProgress(filmId: number, percent: number): Promise<void> {
    await this.db
      .updateTable('film_media')
      .set({ progress: percent, updated_at: now })
      .where('film_id', '=', filmId)
      .where('status', '=', 'processing')
      .execute();
  }

  /** A transcode interrupted by shutdown: queued again, its attempt given back. */
  async handBack(filmId: number): Promise<void> {
    await this.db
      .updateTable('film_media')
      .set((eb) => ({
        status: 'queued',
        attempts: eb.fn<number>('greatest', [eb('attempts', '-', 1), eb.lit(0)]),
        updated_at: now,
      }))
      .where('film_id', '=', filmId)
      .execute();
  }

  /** A failed attempt: queued for the retry, or failed on the last one, with its reason. */
  async recordFailure(filmId: number, status: 'queued' | 'failed', reason: string): Promise<void> {
    await this.db
      .updateTable('film_media')
      .set({ status, failure_reason: reason, updated_at: now })
      .where('film_id', '=', filmId)
      .execute();
  }

  /** BullMQ gave up on the transcode: failed unless ready, keeping an earlier reason. */
  async failUnlessReady(filmId: number, reason: string): Promise<void> {
    await this.db
      .updateTable('film_media')
      .set((eb) => ({
        status: 'failed',
        failure_reason: eb.fn.coalesce('failure_reason', eb.val(reason)),
        updated_at: now,
      }))
      .where('film_id', '=', filmId)
      .where('status', '<>', 'ready')
      .execute();
  }

  /**
   * The captions job's outcome on a ready film: its failure reason (null once captions were
   * applied); the video stays ready either way.
   */
  async setCaptionsOutcome(filmId: number, reason: string | null): Promise<void> {
    await this.db
      .updateTable('film_media')
      .set({ failure_reason: reason, updated_at: now })
      .where('film_id', '=', filmId)
      .where('status', '=', 'ready')
      .execute();
  }

  /** The film's media state and probed length (seconds, numeric text), if it has a row. */
  state(filmId: number) {
    return this.db
      .selectFrom('film_media')
      .select((eb) => [eb.ref('status').$castTo<MediaStatus>().as('status'), 'duration_seconds'])
      .where('film_id', '=', filmId)
      .executeTakeFirst();
  }

  /** The film's title, for the poster's title card (undefined if the film is gone). */
  async filmTitle(filmId: number): Promise<string | undefined> {
    const film = await this.db
      .selectFrom('films')
      .select('title')
      .where('id', '=', filmId)
      .executeTakeFirst();
    return film?.title;
  }
}
