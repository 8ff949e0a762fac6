import { compiledRead, InjectQueryDb, type Page, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';
import { filmPageNewestFirst, type FilmPage } from './newest-first';

/** A member review with its reviewer from known_users. */
function reviewSelect(db: Db) {
  return db
    .selectFrom('reviews as r')
    .leftJoin('known_users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.film_id',
      'r.user_id',
      'r.rating',
      'r.review',
      'r.created_at',
      'r.edited_at',
      'u.first_name',
      'u.last_name',
      'u.profile_image_url',
    ]);
}

export type ReviewRecord = Awaited<ReturnType<ReturnType<typeof reviewSelect>['executeTakeFirstOrThrow']>>;

/** Members' reviews of films, and the rating version social keeps per film. */
@Injectable()
export class ReviewsRepository {
  /** The film page's reviews (hot: compiled once). */
  private readonly ofFilmRead;

  constructor(@InjectQueryDb() private readonly db: Db) {
    this.ofFilmRead = compiledRead(db, (p: FilmPage) => filmPageNewestFirst(reviewSelect(db), p));
  }

  /** A film's reviews, newest first. */
  ofFilm(filmId: number, page: Page): Promise<ReviewRecord[]> {
    return this.ofFilmRead({ filmId, ...page });
  }

  find(id: number): Promise<ReviewRecord | undefined> {
    return reviewSelect(this.db).where('r.id', '=', id).executeTakeFirst();
  }

  /** Writes the member's review, replacing (and marking edited) theirs if any; answers its id. */
  async upsert(review: {
    film_id: number;
    user_id: string;
    rating: number;
    review: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('reviews')
      .values(review)
      .onConflict((conflict) =>
        conflict.columns(['film_id', 'user_id']).doUpdateSet((eb) => ({
          ...takeExcluded(eb, ['rating', 'review']),
          edited_at: eb.fn('now'),
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The author of the film's review, or undefined when the film has no such review. */
  async authorOf(reviewId: number, filmId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('reviews')
      .select('user_id')
      .where('id', '=', reviewId)
      .where('film_id', '=', filmId)
      .executeTakeFirst();
    return row?.user_id;
  }

  async delete(reviewId: number): Promise<void> {
    await this.db.deleteFrom('reviews').where('id', '=', reviewId).execute();
  }

  /** Bumps the film's rating version: the version and the film's review totals right after a change. */
  bumpRatingVersion(filmId: number) {
    return this.db
      .updateTable('films')
      .set((eb) => ({ rating_version: eb('rating_version', '+', '1') }))
      .where('id', '=', filmId)
      .returning((eb) => [
        'rating_version as version',
        eb
          .selectFrom('reviews')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('rating'), eb.val('0')).as('n'))
          .where('reviews.film_id', '=', filmId)
          .$asScalar()
          .$notNull()
          .as('rating_sum'),
        eb
          .selectFrom('reviews')
          .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
          .where('reviews.film_id', '=', filmId)
          .$asScalar()
          .$notNull()
          .as('review_count'),
      ])
      .executeTakeFirstOrThrow();
  }
}
