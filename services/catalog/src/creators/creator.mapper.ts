import type { FilmDto } from '../films/dto/film.dto';
import { isoTimestamp } from '../films/film.mapper';
import type { SocialLinks } from './creator.entity';
import type { CreatorDto, CreatorProfileDto } from './dto/creator.dto';

export type { CreatorDto, CreatorProfileDto };

export interface CreatorRow {
  id: number;
  user_id: string;
  bio: string;
  website: string | null;
  social_links: SocialLinks;
  is_verified: boolean;
  follower_count: number;
  /** As PostgreSQL writes it (see isoTimestamp). */
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  email: string | null;
  film_count: number;
  total_views: string | number;
  average_rating: string | null;
}

export function mapCreator(row: CreatorRow, films: FilmDto[]): CreatorDto {
  return {
    id: row.id,
    userId: row.user_id,
    bio: row.bio,
    website: row.website,
    socialLinks: row.social_links ?? {},
    isVerified: row.is_verified,
    followerCount: row.follower_count,
    createdAt: isoTimestamp(row.created_at),
    user: { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
    films,
    _count: { followers: row.follower_count, films: row.film_count },
  };
}

export function mapCreatorProfile(row: CreatorRow, films: FilmDto[]): CreatorProfileDto {
  const creator = mapCreator(row, films);
  return {
    ...creator,
    user: { ...creator.user, email: row.email },
    stats: {
      totalFilms: row.film_count,
      followers: row.follower_count,
      totalViews: Number(row.total_views),
      averageRating: row.average_rating === null ? 0 : Math.round(Number(row.average_rating) * 10) / 10,
    },
  };
}
