import type { AiDisclosureDto } from '@kinora/common';
import type { PendingFilmDto } from './dto/pending-film.dto';

/** A row of the pending query: the item joined with its creator's account, when known. */
export interface PendingFilmRow {
  film_id: string;
  title: string;
  description: string;
  genre: string;
  language: string;
  duration_minutes: number;
  release_year: number | null;
  poster_url: string | null;
  video_url: string;
  submitted_at: Date | null;
  updated_at: Date;
  ai_disclosure: AiDisclosureDto | null;
  creator_id: string | null;
  creator_user_id: string | null;
  u_id: string | null;
  u_email: string | null;
  u_first_name: string | null;
  u_last_name: string | null;
  u_profile_image_url: string | null;
}

export function mapPendingFilm(row: PendingFilmRow): PendingFilmDto {
  return {
    id: Number(row.film_id),
    title: row.title,
    description: row.description,
    genre: row.genre,
    language: row.language,
    duration: row.duration_minutes,
    releaseYear: row.release_year,
    posterUrl: row.poster_url,
    videoUrl: row.video_url,
    status: 'pending',
    createdAt: new Date(row.submitted_at ?? row.updated_at).toISOString(),
    aiDisclosure: row.ai_disclosure
      ? {
          tools: row.ai_disclosure.tools ?? [],
          parts: row.ai_disclosure.parts ?? [],
          realLikeness: Boolean(row.ai_disclosure.realLikeness),
          likenessConsent: Boolean(row.ai_disclosure.likenessConsent),
          notes: row.ai_disclosure.notes ?? null,
        }
      : null,
    creator: {
      id: row.creator_id === null ? null : Number(row.creator_id),
      userId: row.creator_user_id,
      user: row.u_id
        ? {
            id: row.u_id,
            firstName: row.u_first_name,
            lastName: row.u_last_name,
            email: row.u_email,
            profileImageUrl: row.u_profile_image_url,
          }
        : null,
    },
  };
}
