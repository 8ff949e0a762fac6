import { Injectable, NotFoundException } from '@nestjs/common';
import {
  CREATORS_DEFAULT_LIMIT,
  CRITIC_RECENT_REVIEWS,
  CRITIC_RECOMMENDATIONS_LIMIT,
} from '@kinora/contracts';
import { mapCriticReview } from '../critic-reviews/critic-review.mapper';
import { CriticReviewsRepository } from '../critic-reviews/critic-reviews.repository';
import type { CriticRecommendationDto } from '../critic-reviews/dto/critic-review.dto';
import { mapCritic, mapDashboard } from './critic.mapper';
import { requireCriticOf } from './critic-of-member';
import { CriticsRepository } from './critics.repository';
import type { CriticDto, CriticProfileDto, ListCriticsQuery } from './dto/critic.dto';
import type { CriticDashboardDto } from './dto/dashboard.dto';

@Injectable()
export class CriticsService {
  constructor(
    private readonly critics: CriticsRepository,
    private readonly reviews: CriticReviewsRepository,
  ) {}

  /** Verified critics first, then by followers, then the longest-standing. */
  async list(query: ListCriticsQuery): Promise<CriticDto[]> {
    const rows = await this.critics.list(query.limit ?? CREATORS_DEFAULT_LIMIT, query.offset ?? 0);
    return rows.map(mapCritic);
  }

  /** The critic with their newest reviews (critic reviews shown anywhere are of published films only). */
  async get(criticId: number): Promise<CriticProfileDto> {
    const row = await this.critics.find(criticId);
    if (!row) throw new NotFoundException(`Critic ${criticId} not found`);
    const reviews = await this.reviews.ofCriticPublished(criticId, CRITIC_RECENT_REVIEWS);
    return { ...mapCritic(row), recentReviews: reviews.map(mapCriticReview) };
  }

  /** The published films the critic rated highest (newest review first among equal ratings). */
  async recommendations(criticId: number): Promise<CriticRecommendationDto[]> {
    if (!(await this.critics.exists(criticId))) throw new NotFoundException(`Critic ${criticId} not found`);
    const rows = await this.reviews.highestRated(criticId, CRITIC_RECOMMENDATIONS_LIMIT);
    return rows.map((row) => {
      const review = mapCriticReview(row);
      return { rating: review.rating, reviewTitle: review.title, reviewId: review.id, film: review.film };
    });
  }

  async setVerified(criticId: number, isVerified: boolean): Promise<CriticDto> {
    if (!(await this.critics.setVerified(criticId, isVerified))) {
      throw new NotFoundException(`Critic ${criticId} not found`);
    }
    const row = await this.critics.find(criticId);
    return mapCritic(row!);
  }

  /** The signed-in critic's figures; every review counts, whatever its film's status now. */
  async dashboard(userId: string): Promise<CriticDashboardDto> {
    const criticId = await requireCriticOf(this.critics, userId);
    const totals = await this.critics.dashboardTotals(criticId);
    const recent = await this.reviews.recentOfCritic(criticId, CRITIC_RECENT_REVIEWS);
    return mapDashboard(criticId, totals, recent);
  }
}
