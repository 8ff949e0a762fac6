import { filmFacts } from '@kinora/common';
import type { PendingFilmDto } from './dto/pending-film.dto';
import type { PendingFilmRecord } from './moderation.repository';

export function mapPendingFilm(row: PendingFilmRecord): PendingFilmDto {
  return {
    id: Number(row.film_id),
    ...filmFacts(row),
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
