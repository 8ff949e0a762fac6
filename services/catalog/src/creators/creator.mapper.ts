import type { FilmDto } from '../films/dto/film.dto';
import { isoTimestamp } from '../films/film.mapper';
import type { CreatorRecord as CreatorRow } from './creators.repository';
import type { CreatorDto, CreatorProfileDto } from './dto/creator.dto';

export type { CreatorDto, CreatorProfileDto };

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
