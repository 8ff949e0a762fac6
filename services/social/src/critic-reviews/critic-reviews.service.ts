import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService, pageOf } from '@kinora/common';
import { REVIEWS_DEFAULT_LIMIT } from '@kinora/contracts';
import { CriticReviewPublishedSchema } from '@kinora/proto';
import { requireCriticOf } from '../critics/critic-of-member';
import { CriticsRepository } from '../critics/critics.repository';
import { FilmsRepository } from '../films/films.repository';
import { requirePublishedFilm } from '../films/published-film';
import { mapCriticReview } from './critic-review.mapper';
import { CriticReviewsRepository } from './critic-reviews.repository';
import type { CriticReviewDto, ListCriticReviewsQuery, WriteCriticReviewDto } from './dto/critic-review.dto';

/**
 * Critic reviews sit apart from member reviews: they never enter the film's member rating
 * (docs/community.md).
 */
@Injectable()
export class CriticReviewsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly reviews: CriticReviewsRepository,
    private readonly critics: CriticsRepository,
    private readonly films: FilmsRepository,
  ) {}

  /** Newest first; only on published films. */
  async list(filmId: number, query: ListCriticReviewsQuery): Promise<CriticReviewDto[]> {
    await requirePublishedFilm(this.films, filmId);
    const rows = await this.reviews.ofFilm(filmId, pageOf(query, REVIEWS_DEFAULT_LIMIT));
    return rows.map(mapCriticReview);
  }

  /**
   * Writes the critic's review of a published film, replacing theirs (and marking it edited) if
   * any, and records social.critic-review-published.v1 in the same transaction.
   */
  async write(filmId: number, userId: string, input: WriteCriticReviewDto): Promise<CriticReviewDto> {
    const id = await this.em.fork().transactional(async (em) => {
      const criticId = await requireCriticOf(this.critics, userId);
      if ((await this.films.lockStatus(filmId, 'share')) !== 'published') {
        throw new NotFoundException(`Film ${filmId} not found`);
      }
      const row = await this.reviews.upsert({
        critic_id: criticId,
        film_id: filmId,
        title: input.title,
        rating: input.rating,
        review: input.review,
      });
      this.outbox.add(
        em,
        CriticReviewPublishedSchema,
        {
          criticId: BigInt(criticId),
          filmId: BigInt(filmId),
          reviewId: BigInt(row.id),
          title: input.title,
          rating: input.rating,
          edited: row.edited,
        },
        String(criticId),
      );
      return row.id;
    });
    const row = await this.reviews.find(id);
    return mapCriticReview(row!);
  }
}
