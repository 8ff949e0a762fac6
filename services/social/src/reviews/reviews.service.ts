import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService, type Identity, pageOf } from '@kinora/common';
import { REVIEWS_DEFAULT_LIMIT } from '@kinora/contracts';
import { FilmRatingChangedSchema, MemberTieKind } from '@kinora/proto';
import type { ListReviewsQuery, ReviewDto, WriteReviewDto } from './dto/review.dto';
import { FilmsRepository } from '../films/films.repository';
import { requirePublishedFilm } from '../films/published-film';
import { recordMemberTie } from '../member-tie.event';
import { mapReview } from './review.mapper';
import { ReviewsRepository } from './reviews.repository';

@Injectable()
export class ReviewsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly reviews: ReviewsRepository,
    private readonly films: FilmsRepository,
  ) {}

  /** Newest first; only on published films (others are 404, as in the catalog). */
  async list(filmId: number, query: ListReviewsQuery): Promise<ReviewDto[]> {
    await requirePublishedFilm(this.films, filmId);
    const rows = await this.reviews.ofFilm(filmId, pageOf(query, REVIEWS_DEFAULT_LIMIT));
    return rows.map(mapReview);
  }

  /**
   * Writes the member's review of a published film, replacing (and marking edited) theirs if any;
   * records the new totals and the member's rating (social.member-tie-changed.v1) with it.
   */
  async write(filmId: number, userId: string, input: WriteReviewDto): Promise<ReviewDto> {
    const id = await this.em.fork().transactional(async (em) => {
      await this.lockFilm(filmId, true);
      const id = await this.reviews.upsert({
        film_id: filmId,
        user_id: userId,
        rating: input.rating,
        review: input.review,
      });
      await this.publishTotals(em, filmId);
      recordMemberTie(em, this.outbox, {
        userId,
        kind: MemberTieKind.RATING,
        targetId: filmId,
        value: input.rating,
      });
      return id;
    });
    const row = await this.reviews.find(id);
    return mapReview(row!);
  }

  /** The author deletes their own review, an admin any; the author's rating tie becomes 0. */
  async delete(filmId: number, reviewId: number, caller: Identity): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.lockFilm(filmId, false);
      const author = await this.reviews.authorOf(reviewId, filmId);
      if (author === undefined) throw new NotFoundException(`Review ${reviewId} not found`);
      if (author !== caller.userId && !caller.roles.includes('admin')) {
        throw new ForbiddenException('You can only delete your own review');
      }
      await this.reviews.delete(reviewId);
      await this.publishTotals(em, filmId);
      // The author's tie, whoever deleted it.
      recordMemberTie(em, this.outbox, {
        userId: author,
        kind: MemberTieKind.RATING,
        targetId: filmId,
        value: 0,
      });
    });
  }

  /**
   * Locks the film row: changes to one film's reviews are serialised, so each event's totals and
   * version are those right after its own change. Writing needs a published film; deleting any
   * film social knows (a review can be removed after its film is archived).
   */
  private async lockFilm(filmId: number, published: boolean): Promise<void> {
    const status = await this.films.lockStatus(filmId, 'update');
    if (status === undefined || (published && status !== 'published')) {
      throw new NotFoundException(`Film ${filmId} not found`);
    }
  }

  /** Bumps the film's rating version and records social.film-rating-changed.v1 with the new totals. */
  private async publishTotals(em: EntityManager, filmId: number): Promise<void> {
    const totals = await this.reviews.bumpRatingVersion(filmId);
    this.outbox.add(
      em,
      FilmRatingChangedSchema,
      {
        filmId: BigInt(filmId),
        ratingSum: BigInt(totals.rating_sum),
        reviewCount: totals.review_count,
        version: BigInt(totals.version),
      },
      String(filmId),
    );
  }
}
