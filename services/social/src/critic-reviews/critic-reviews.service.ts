import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import { REVIEWS_DEFAULT_LIMIT } from '@kinora/contracts';
import { CriticReviewPublishedSchema } from '@kinora/proto';
import { requirePublishedFilm } from '../films/published-film';
import { CRITIC_REVIEW_SELECT, mapCriticReview, type CriticReviewRow } from '../critics/critic.mapper';
import { requireCriticOf } from '../critics/critic-of-member';
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
  ) {}

  /** Newest first; only on published films. */
  async list(filmId: number, query: ListCriticReviewsQuery): Promise<CriticReviewDto[]> {
    const em = this.em.fork();
    await requirePublishedFilm(em, filmId);
    const rows = await em.execute<CriticReviewRow[]>(
      `${CRITIC_REVIEW_SELECT} where r.film_id = ? order by r.created_at desc, r.id desc limit ? offset ?`,
      [filmId, query.limit ?? REVIEWS_DEFAULT_LIMIT, query.offset ?? 0],
    );
    return rows.map(mapCriticReview);
  }

  /**
   * Writes the critic's review of a published film, replacing theirs (and marking it edited) if
   * any, and records social.critic-review-published.v1 in the same transaction.
   */
  async write(filmId: number, userId: string, input: WriteCriticReviewDto): Promise<CriticReviewDto> {
    const id = await this.em.fork().transactional(async (em) => {
      const criticId = await requireCriticOf(em, userId);
      const [film] = await em.execute<{ status: string }[]>(
        'select status from films where id = ? for share',
        [filmId],
      );
      if (film?.status !== 'published') throw new NotFoundException(`Film ${filmId} not found`);
      const [row] = await em.execute<{ id: number; edited: boolean }[]>(
        `insert into critic_reviews (critic_id, film_id, title, rating, review) values (?, ?, ?, ?, ?)
         on conflict (critic_id, film_id) do update
           set title = excluded.title, rating = excluded.rating, review = excluded.review, edited_at = now()
         returning id, edited_at is not null as edited`,
        [criticId, filmId, input.title, input.rating, input.review],
      );
      this.outbox.add(
        em,
        CriticReviewPublishedSchema,
        {
          criticId: BigInt(criticId),
          filmId: BigInt(filmId),
          reviewId: BigInt(row!.id),
          title: input.title,
          rating: input.rating,
          edited: row!.edited,
        },
        String(criticId),
      );
      return row!.id;
    });
    const [row] = await this.em
      .fork()
      .execute<CriticReviewRow[]>(`${CRITIC_REVIEW_SELECT} where r.id = ?`, [id]);
    return mapCriticReview(row!);
  }
}
