import type { FilmStatus } from '@kinora/contracts';
import type { SocialLinks } from '../creators/creator.entity';
import type { AiDisclosureDto } from '@kinora/common';
import { FilmDto } from './dto/film.dto';

export { FilmDto };

/** A row of FILM_SELECT: the film with its creator and the creator's user. */
export interface FilmRow {
  id: number;
  title: string;
  description: string;
  genre: string;
  language: string;
  duration_minutes: number;
  release_year: number;
  rating: string;
  rating_count: number;
  view_count: number;
  poster_url: string | null;
  video_url: string | null;
  is_featured: boolean;
  status: FilmStatus;
  created_at: Date;
  published_at: Date | null;
  c_id: number;
  c_user_id: string;
  c_bio: string;
  c_website: string | null;
  c_social_links: SocialLinks;
  c_is_verified: boolean;
  c_follower_count: number;
  u_first_name: string | null;
  u_last_name: string | null;
  u_profile_image_url: string | null;
  ai_disclosure: StoredAiDisclosure | null;
  captions: { language: string; label: string }[] | null;
}

/** films.ai_disclosure as stored (the DTO's shape). */
export interface StoredAiDisclosure {
  tools?: string[];
  parts?: string[];
  realLikeness?: boolean;
  likenessConsent?: boolean;
  notes?: string | null;
}

export function mapAiDisclosure(stored: StoredAiDisclosure | null): AiDisclosureDto | null {
  if (!stored) return null;
  return {
    tools: stored.tools ?? [],
    parts: stored.parts ?? [],
    realLikeness: stored.realLikeness ?? false,
    likenessConsent: stored.likenessConsent ?? false,
    notes: stored.notes ?? null,
  };
}

export function mapFilm(row: FilmRow): FilmDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    genre: row.genre,
    language: row.language,
    duration: row.duration_minutes,
    releaseYear: row.release_year,
    rating: Number(row.rating).toFixed(1),
    reviewCount: row.rating_count,
    viewCount: row.view_count,
    posterUrl: row.poster_url,
    videoUrl: row.video_url,
    isFeatured: row.is_featured,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
    creator: {
      id: row.c_id,
      userId: row.c_user_id,
      bio: row.c_bio,
      isVerified: row.c_is_verified,
      followerCount: row.c_follower_count,
      user: {
        firstName: row.u_first_name,
        lastName: row.u_last_name,
        profileImageUrl: row.u_profile_image_url,
      },
    },
    aiDisclosure: mapAiDisclosure(row.ai_disclosure),
    captions: row.captions ?? [],
  };
}
