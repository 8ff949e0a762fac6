import type { CriticReviewRecord } from '../critic-reviews/critic-reviews.repository';
import type { CriticRecord, CriticsRepository } from './critics.repository';
import type { CriticDto } from './dto/critic.dto';
import type { CriticDashboardDto, DashboardReviewDto } from './dto/dashboard.dto';
import { mapProfile } from '../profile.mapper';

export function mapCritic(row: CriticRecord): CriticDto {
  const links = row.social_links ?? {};
  return {
    id: row.id,
    bio: row.bio,
    website: row.website,
    user: mapProfile(row),
    isVerified: row.is_verified,
    socialLinks: {
      twitter: links.twitter ?? null,
      instagram: links.instagram ?? null,
      linkedin: links.linkedin ?? null,
      website: links.website ?? null,
    },
    expertise: row.expertise,
    _count: { followers: row.follower_count },
    followerCount: row.follower_count,
    reviewCount: row.review_count,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The impact score: round(totalReviews × averageRating / 5 × 100). */
export function impactScore(totalReviews: number, averageRating: number): number {
  return Math.round(((totalReviews * averageRating) / 5) * 100);
}

export function mapDashboard(
  criticId: number,
  totals: Awaited<ReturnType<CriticsRepository['dashboardTotals']>>,
  recent: CriticReviewRecord[],
): CriticDashboardDto {
  const averageRating =
    totals.total_reviews > 0 ? Math.round((totals.rating_sum / totals.total_reviews) * 10) / 10 : 0;
  return {
    criticId,
    totalReviews: totals.total_reviews,
    averageRating,
    followersCount: totals.follower_count,
    impactScore: impactScore(totals.total_reviews, averageRating),
    recentReviews: recent.map((row): DashboardReviewDto => ({
      id: row.id,
      reviewTitle: row.title,
      publishedAt: new Date(row.edited_at ?? row.created_at).toISOString(),
      rating: String(row.rating),
      review: row.review,
      filmId: row.film_id,
      filmTitle: row.film_title,
    })),
  };
}
