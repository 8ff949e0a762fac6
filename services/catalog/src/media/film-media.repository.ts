import { InjectQueryDb } from '@kinora/common';
import type { MediaStatus } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';
import { now, TranscodeStateRepository } from './transcode-state.repository';

/**
 * film_media: the media pipeline's state of each film's source video (queued → processing → ready
 * or failed), as MediaService queues it and catalog-worker's jobs move it along.
 */
@Injectable()
export class FilmMediaRepository extends TranscodeStateRepository {
  constructor(@InjectQueryDb() db: Db) {
    super(db, 'film_media', 'film_id');
  }

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
    const marked = await this.startProcessing(filmId).returning('attempts').executeTakeFirst();
    return marked?.attempts;
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
