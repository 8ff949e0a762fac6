import { compiledRead, InjectQueryDb, type Page, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';
import { FILM_SUMMARY_COLUMNS } from '../films/film-summary.mapper';
import { filmPageNewestFirst, newestFirst, type FilmPage } from '../reviews/newest-first';

/** A critic review with its critic and its film (from the films read model, whatever its status). */
function reviewSelect(db: Db) {
  return db
    .selectFrom('critic_reviews as r')
    .innerJoin('critics as c', 'c.id', 'r.critic_id')
    .innerJoin('films as f', 'f.id', 'r.film_id')
    .leftJoin('known_users as u', 'u.email', 'c.email')
    .select([
      'r.id',
      'r.film_id',
      'r.title',
      'r.rating',
      'r.review',
      'r.created_at',
      'r.edited_at',
      'c.id as critic_id',
      'c.first_name',
      'c.last_name',
      'c.is_verified',
      'u.profile_image_url',
      ...FILM_SUMMARY_COLUMNS,
    ]);
}

export type CriticReviewRecord = Awaited<
  ReturnType<ReturnType<typeof reviewSelect>['executeTakeFirstOrThrow']>
>;

/** Critics' reviews of films, apart from members' reviews. */
@Injectable()
export class CriticReviewsRepository {
  /** The film page's critic reviews (hot: compiled once). */
  private readonly ofFilmRead;

  constructor(@InjectQueryDb() private readonly db: Db) {
    this.ofFilmRead = compiledRead(db, (p: FilmPage) => filmPageNewestFirst(reviewSelect(db), p));
  }

  /** A film's critic reviews, newest first. */
  ofFilm(filmId: number, page: Page): Promise<CriticReviewRecord[]> {
    return this.ofFilmRead({ filmId, ...page });
  }

  find(id: number): Promise<CriticReviewRecord | undefined> {
    return reviewSelect(this.db).where('r.id', '=', id).executeTakeFirst();
  }

  /** The critic's reviews of published films, newest first. */
  ofCriticPublished(criticId: number, limit: number): Promise<CriticReviewRecord[]> {
    return newestFirst(this.publishedOfCritic(criticId)).limit(limit).execute();
  }

  /** The critic's reviews of published films rated highest (newest review first among equals). */
  highestRated(criticId: number, limit: number): Promise<CriticReviewRecord[]> {
    return newestFirst(this.publishedOfCritic(criticId).orderBy('r.rating', 'desc')).limit(limit).execute();
  }

  /** The critic's reviews of any film, most recently written or edited first. */
  recentOfCritic(criticId: number, limit: number): Promise<CriticReviewRecord[]> {
    return reviewSelect(this.db)
      .where('r.critic_id', '=', criticId)
      .orderBy((eb) => eb.fn.coalesce('r.edited_at', 'r.created_at'), 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Writes the critic's review of the film, replacing theirs (and marking it edited) if any. */
  upsert(review: { critic_id: number; film_id: number; title: string; rating: number; review: string }) {
    return this.db
      .insertInto('critic_reviews')
      .values(review)
      .onConflict((conflict) =>
        conflict.columns(['critic_id', 'film_id']).doUpdateSet((eb) => ({
          ...takeExcluded(eb, ['title', 'rating', 'review']),
          edited_at: eb.fn('now'),
        })),
      )
      .returning((eb) => ['id', eb('edited_at', 'is not', null).$castTo<boolean>().as('edited')])
      .executeTakeFirstOrThrow();
  }

  /**
   * The critic's reviews of films that are public now: published, by a creator who is not
   * suspended (a suspension hides the films and keeps everything about them).
   */
  private publishedOfCritic(criticId: number) {
    return reviewSelect(this.db)
      .where('r.critic_id', '=', criticId)
      .where('f.status', '=', 'published')
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('creators as cr')
              .select('cr.id')
              .whereRef('cr.id', '=', 'f.creator_id')
              .where('cr.suspended', '=', true),
          ),
        ),
      );
  }
}
