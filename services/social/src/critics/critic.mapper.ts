import type { CriticReviewDto } from '../critic-reviews/dto/critic-review.dto';
import { FILM_SUMMARY_COLUMNS, mapFilmSummary, type FilmSummaryRow } from '../films/film-summary.mapper';
import type { CriticDto } from './dto/critic.dto';
import type { CriticDashboardDto, DashboardReviewDto } from './dto/dashboard.dto';

/**
 * The columns of a critic with their figures. The critic is the member whose account has the
 * invited address; the avatar comes from that account once social knows it.
 */
export const CRITIC_SELECT = `
  select c.id, c.first_name, c.last_name, c.bio, c.website, c.expertise, c.social_links,
         c.is_verified, c.created_at, u.profile_image_url,
         (select count(*)::int from critic_follows f where f.critic_id = c.id) as follower_count,
         (select count(*)::int from critic_reviews r where r.critic_id = c.id) as review_count
    from critics c left join known_users u on u.email = c.email`;

export interface CriticRow {
  id: number;
  first_name: string;
  last_name: string;
  bio: string;
  website: string | null;
  expertise: string[];
  social_links: Record<string, string | undefined>;
  is_verified: boolean;
  created_at: Date;
  profile_image_url: string | null;
  follower_count: number;
  review_count: number;
}

export function mapCritic(row: CriticRow): CriticDto {
  const links = row.social_links ?? {};
  return {
    id: row.id,
    bio: row.bio,
    website: row.website,
    user: { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
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

/** The columns of a critic review with its critic and its film (from the films read model). */
export const CRITIC_REVIEW_SELECT = `
  select r.id, r.film_id, r.title, r.rating, r.review, r.created_at, r.edited_at,
         c.id as critic_id, c.first_name, c.last_name, c.is_verified, u.profile_image_url,
         ${FILM_SUMMARY_COLUMNS}
    from critic_reviews r
    join critics c on c.id = r.critic_id
    join films f on f.id = r.film_id
    left join known_users u on u.email = c.email`;

export interface CriticReviewRow extends FilmSummaryRow {
  id: number;
  film_id: number;
  title: string;
  rating: number;
  review: string;
  created_at: Date;
  edited_at: Date | null;
  critic_id: number;
  first_name: string;
  last_name: string;
  is_verified: boolean;
  profile_image_url: string | null;
}

export function mapCriticReview(row: CriticReviewRow): CriticReviewDto {
  return {
    id: row.id,
    filmId: row.film_id,
    title: row.title,
    rating: row.rating,
    review: row.review,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    critic: {
      id: row.critic_id,
      firstName: row.first_name,
      lastName: row.last_name,
      profileImageUrl: row.profile_image_url,
      isVerified: row.is_verified,
    },
    film: mapFilmSummary(row),
  };
}

/** The impact score: round(totalReviews × averageRating / 5 × 100). */
export function impactScore(totalReviews: number, averageRating: number): number {
  return Math.round(((totalReviews * averageRating) / 5) * 100);
}

export function mapDashboard(
  criticId: number,
  totals: { total_reviews: number; rating_sum: number; follower_count: number },
  recent: CriticReviewRow[],
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
