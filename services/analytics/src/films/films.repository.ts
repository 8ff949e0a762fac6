import { InjectQueryDb, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** A film's state as a status event carries it. */
export type FilmStatusRecord = Pick<
  Insertable<DB['films']>,
  | 'id'
  | 'creator_id'
  | 'title'
  | 'genre'
  | 'poster_url'
  | 'status'
  | 'duration_minutes'
  | 'duration_seconds'
  | 'media_bytes'
  | 'submitted_at'
  | 'published_at'
  | 'updated_at'
>;

/** The required columns of a film row written without its status event (a tombstone, early rating totals). */
const placeholderOf = (filmId: number) => ({ id: filmId, creator_id: 0, title: '', genre: '' });

/** analytics' read model of films: what the dashboards show and the view rule needs (the length). */
@Injectable()
export class FilmsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * Applies a film's state unless a newer one is stored or the film is deleted. The length and
   * the stored bytes only grow, and the first publication date stays.
   */
  async applyStatus(film: FilmStatusRecord): Promise<void> {
    await this.db
      .insertInto('films')
      .values(film)
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => ({
            ...takeExcluded(eb, ['creator_id', 'title', 'genre', 'poster_url', 'status', 'duration_minutes']),
            duration_seconds: eb.fn<number>('greatest', [
              'excluded.duration_seconds',
              'films.duration_seconds',
            ]),
            media_bytes: eb.fn<string>('greatest', ['excluded.media_bytes', 'films.media_bytes']),
            submitted_at: eb.ref('excluded.submitted_at'),
            published_at: eb.fn.coalesce('films.published_at', 'excluded.published_at'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where((eb) =>
            eb.and([
              eb('films.updated_at', '<=', eb.ref('excluded.updated_at')),
              eb.not(eb.ref('films.deleted')),
            ]),
          ),
      )
      .execute();
  }

  /** A tombstone: a late status event of the film does not bring it back. */
  async markDeleted(filmId: number, at: Date): Promise<void> {
    await this.db
      .insertInto('films')
      .values({
        ...placeholderOf(filmId),
        status: 'archived',
        deleted: true,
        updated_at: at.toISOString(),
      })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          deleted: true,
          status: 'archived',
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  /** Rating totals after a change with a per-film version: only a higher version applies. */
  async applyRating(filmId: number, ratingSum: bigint, reviewCount: number, version: bigint): Promise<void> {
    await this.db
      .insertInto('films')
      .values({
        ...placeholderOf(filmId),
        status: 'pending',
        rating_sum: ratingSum.toString(),
        review_count: reviewCount,
        rating_version: version.toString(),
        updated_at: '-infinity',
      })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => takeExcluded(eb, ['rating_sum', 'review_count', 'rating_version']))
          .whereRef('films.rating_version', '<', 'excluded.rating_version'),
      )
      .execute();
  }
}
