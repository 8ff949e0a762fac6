import type { FilmDto } from '../films/dto/film.dto';
import { isoTimestamp } from '../films/film.mapper';
import type { CreatorRecord as CreatorRow } from './creators.repository';
import type { AdminCreatorDto } from './dto/admin-creator.dto';
import type { CreatorDto, CreatorProfileDto } from './dto/creator.dto';

export type { AdminCreatorDto, CreatorDto, CreatorProfileDto };

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

export function mapAdminCreator(row: CreatorRow & { suspension_reason: string | null }): AdminCreatorDto {
  return {
    id: row.id,
    userId: row.user_id,
    bio: row.bio,
    user: {
      firstName: row.first_name,
      lastName: row.last_name,
      profileImageUrl: row.profile_image_url,
      email: row.email,
    },
    isVerified: row.is_verified,
    isSuspended: row.suspended_at !== null,
    suspendedAt: row.suspended_at === null ? null : isoTimestamp(row.suspended_at),
    suspensionReason: row.suspension_reason,
    _count: { films: row.film_count, followers: row.follower_count },
    createdAt: isoTimestamp(row.created_at),
  };
}

/** How the audit log names a creator: their name, else their address, else the profile's id. */
export function creatorLabel(row: {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}): string {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return name || row.email || `Creator ${row.id}`;
}
