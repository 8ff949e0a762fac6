import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  CREATORS_DEFAULT_LIMIT,
  CRITIC_RECENT_REVIEWS,
  CRITIC_RECOMMENDATIONS_LIMIT,
} from '@kinora/contracts';
import type { CriticRecommendationDto } from '../critic-reviews/dto/critic-review.dto';
import {
  CRITIC_REVIEW_SELECT,
  CRITIC_SELECT,
  mapCritic,
  mapCriticReview,
  mapDashboard,
  type CriticReviewRow,
  type CriticRow,
} from './critic.mapper';
import { requireCriticOf } from './critic-of-member';
import type { CriticDto, CriticProfileDto, ListCriticsQuery } from './dto/critic.dto';
import type { CriticDashboardDto } from './dto/dashboard.dto';

/** Critic reviews shown anywhere are of published films only. */
const PUBLISHED = `f.status = 'published'`;

@Injectable()
export class CriticsService {
  constructor(private readonly em: EntityManager) {}

  /** Verified critics first, then by followers, then the longest-standing. */
  async list(query: ListCriticsQuery): Promise<CriticDto[]> {
    const rows = await this.em.fork().execute<CriticRow[]>(
      `select * from (${CRITIC_SELECT}) c
        order by c.is_verified desc, c.follower_count desc, c.id asc limit ? offset ?`,
      [query.limit ?? CREATORS_DEFAULT_LIMIT, query.offset ?? 0],
    );
    return rows.map(mapCritic);
  }

  async get(criticId: number): Promise<CriticProfileDto> {
    const em = this.em.fork();
    const [row] = await em.execute<CriticRow[]>(`${CRITIC_SELECT} where c.id = ?`, [criticId]);
    if (!row) throw new NotFoundException(`Critic ${criticId} not found`);
    const reviews = await em.execute<CriticReviewRow[]>(
      `${CRITIC_REVIEW_SELECT} where r.critic_id = ? and ${PUBLISHED}
        order by r.created_at desc, r.id desc limit ?`,
      [criticId, CRITIC_RECENT_REVIEWS],
    );
    return { ...mapCritic(row), recentReviews: reviews.map(mapCriticReview) };
  }

  /** The published films the critic rated highest (newest review first among equal ratings). */
  async recommendations(criticId: number): Promise<CriticRecommendationDto[]> {
    const em = this.em.fork();
    await this.requireCritic(em, criticId);
    const rows = await em.execute<CriticReviewRow[]>(
      `${CRITIC_REVIEW_SELECT} where r.critic_id = ? and ${PUBLISHED}
        order by r.rating desc, r.created_at desc, r.id desc limit ?`,
      [criticId, CRITIC_RECOMMENDATIONS_LIMIT],
    );
    return rows.map((row) => {
      const review = mapCriticReview(row);
      return { rating: review.rating, reviewTitle: review.title, reviewId: review.id, film: review.film };
    });
  }

  async setVerified(criticId: number, isVerified: boolean): Promise<CriticDto> {
    const em = this.em.fork();
    const changed = await em.execute<unknown[]>(
      'update critics set is_verified = ?, updated_at = now() where id = ? returning 1',
      [isVerified, criticId],
    );
    if (changed.length === 0) throw new NotFoundException(`Critic ${criticId} not found`);
    const [row] = await em.execute<CriticRow[]>(`${CRITIC_SELECT} where c.id = ?`, [criticId]);
    return mapCritic(row!);
  }

  /** The signed-in critic's figures; every review counts, whatever its film's status now. */
  async dashboard(userId: string): Promise<CriticDashboardDto> {
    const em = this.em.fork();
    const criticId = await requireCriticOf(em, userId);
    const [totals] = await em.execute<
      { total_reviews: number; rating_sum: number; follower_count: number }[]
    >(
      `select (select count(*)::int from critic_reviews where critic_id = ?) as total_reviews,
              (select coalesce(sum(rating), 0)::int from critic_reviews where critic_id = ?) as rating_sum,
              (select count(*)::int from critic_follows where critic_id = ?) as follower_count`,
      [criticId, criticId, criticId],
    );
    const recent = await em.execute<CriticReviewRow[]>(
      `${CRITIC_REVIEW_SELECT} where r.critic_id = ?
        order by coalesce(r.edited_at, r.created_at) desc, r.id desc limit ?`,
      [criticId, CRITIC_RECENT_REVIEWS],
    );
    return mapDashboard(criticId, totals!, recent);
  }

  private async requireCritic(em: EntityManager, criticId: number): Promise<void> {
    const [row] = await em.execute<unknown[]>('select 1 from critics where id = ?', [criticId]);
    if (!row) throw new NotFoundException(`Critic ${criticId} not found`);
  }
}
