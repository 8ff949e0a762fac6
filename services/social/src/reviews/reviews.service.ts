import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService, type Identity } from '@kinora/common';
import { REVIEWS_DEFAULT_LIMIT } from '@kinora/contracts';
import { FilmRatingChangedSchema } from '@kinora/proto';
import type { ListReviewsQuery, ReviewDto, WriteReviewDto } from './dto/review.dto';
import { mapReview, type ReviewRow } from './review.mapper';

const REVIEW_SELECT = `
  select r.id, r.film_id, r.user_id, r.rating, r.review, r.created_at, r.edited_at,
         u.first_name, u.last_name, u.profile_image_url
    from reviews r left join known_users u on u.id = r.user_id`;

@Injectable()
export class ReviewsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  /** Newest first; only on published films (others are 404, as in the catalog). */
  async list(filmId: number, query: ListReviewsQuery): Promise<ReviewDto[]> {
    const em = this.em.fork();
    await this.requirePublished(em, filmId);
    const rows = await em.execute<ReviewRow[]>(
      `${REVIEW_SELECT} where r.film_id = ? order by r.created_at desc, r.id desc limit ? offset ?`,
      [filmId, query.limit ?? REVIEWS_DEFAULT_LIMIT, query.offset ?? 0],
    );
    return rows.map(mapReview);
  }

  /** Writes the member's review of a published film, replacing (and marking edited) theirs if any. */
  async write(filmId: number, userId: string, input: WriteReviewDto): Promise<ReviewDto> {
    const id = await this.em.fork().transactional(async (em) => {
      await this.lockFilm(em, filmId, true);
      const [row] = await em.execute<{ id: number }[]>(
        `insert into reviews (film_id, user_id, rating, review) values (?, ?, ?, ?)
         on conflict (film_id, user_id) do update
           set rating = excluded.rating, review = excluded.review, edited_at = now()
         returning id`,
        [filmId, userId, input.rating, input.review],
      );
      await this.publishTotals(em, filmId);
      return row!.id;
    });
    const [row] = await this.em.fork().execute<ReviewRow[]>(`${REVIEW_SELECT} where r.id = ?`, [id]);
    return mapReview(row!);
  }

  /** The author deletes their own review, an admin any. */
  async delete(filmId: number, reviewId: number, caller: Identity): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.lockFilm(em, filmId, false);
      const [review] = await em.execute<{ user_id: string }[]>(
        'select user_id from reviews where id = ? and film_id = ?',
        [reviewId, filmId],
      );
      if (!review) throw new NotFoundException(`Review ${reviewId} not found`);
      if (review.user_id !== caller.userId && !caller.roles.includes('admin')) {
        throw new ForbiddenException('You can only delete your own review');
      }
      await em.execute('delete from reviews where id = ?', [reviewId]);
      await this.publishTotals(em, filmId);
    });
  }

  private async requirePublished(em: EntityManager, filmId: number): Promise<void> {
    const [film] = await em.execute<unknown[]>(`select 1 from films where id = ? and status = 'published'`, [
      filmId,
    ]);
    if (!film) throw new NotFoundException(`Film ${filmId} not found`);
  }

  /**
   * Locks the film row: changes to one film's reviews are serialised, so each event's totals and
   * version are those right after its own change. Writing needs a published film; deleting any
   * film social knows (a review can be removed after its film is archived).
   */
  private async lockFilm(em: EntityManager, filmId: number, published: boolean): Promise<void> {
    const [film] = await em.execute<{ status: string }[]>(
      'select status from films where id = ? for update',
      [filmId],
    );
    if (!film || (published && film.status !== 'published')) {
      throw new NotFoundException(`Film ${filmId} not found`);
    }
  }

  /** Bumps the film's rating version and records social.film-rating-changed.v1 with the new totals. */
  private async publishTotals(em: EntityManager, filmId: number): Promise<void> {
    const [totals] = await em.execute<{ rating_sum: string; review_count: number; version: string }[]>(
      `update films set rating_version = rating_version + 1 where id = ?
       returning rating_version as version,
         (select coalesce(sum(rating), 0) from reviews where film_id = ?) as rating_sum,
         (select count(*)::int from reviews where film_id = ?) as review_count`,
      [filmId, filmId, filmId],
    );
    this.outbox.add(
      em,
      FilmRatingChangedSchema,
      {
        filmId: BigInt(filmId),
        ratingSum: BigInt(totals!.rating_sum),
        reviewCount: totals!.review_count,
        version: BigInt(totals!.version),
      },
      String(filmId),
    );
  }
}
