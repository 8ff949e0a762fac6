import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { EventData } from '@kinora/common';
import { FilmStatus as FilmStatusEnum, type FilmStatusChangedSchema } from '@kinora/proto';
import type { FilmStatus } from './film.entity';
import { mapAiDisclosure } from './film.mapper';
import type { FilmEventRecord } from './film-queries';

/**
 * catalog.film-status-changed.v1 from a film's event row (FilmsRepository.findForStatusEvent): the
 * one place that decides what the event carries (films.service's status changes, the seed through
 * it, and catalog-worker when a pending film's video becomes playable).
 */

export const FILM_STATUS_ENUM: Record<FilmStatus, FilmStatusEnum> = {
  pending: FilmStatusEnum.PENDING,
  published: FilmStatusEnum.PUBLISHED,
  archived: FilmStatusEnum.ARCHIVED,
};

/**
 * The event for `film` moving from `previousStatus` to `status` (the row's own status unless
 * given). `reason`: the moderator's, when archived.
 */
export function filmStatusEvent(
  film: FilmEventRecord,
  change: {
    previousStatus: FilmStatus;
    status?: FilmStatus;
    reason?: string | null;
  },
): EventData<typeof FilmStatusChangedSchema> {
  const disclosure = mapAiDisclosure(film.ai_disclosure);
  return {
    filmId: BigInt(film.id),
    status: FILM_STATUS_ENUM[change.status ?? film.status],
    previousStatus: FILM_STATUS_ENUM[change.previousStatus],
    title: film.title,
    creatorId: BigInt(film.creator_id),
    creatorUserId: film.user_id,
    genre: film.genre,
    durationMinutes: film.duration_minutes,
    posterUrl: film.poster_url ?? '',
    description: film.description,
    language: film.language,
    releaseYear: film.release_year,
    videoUrl: film.video_url ?? '',
    submittedAt: timestampFromDate(new Date(film.created_at)),
    reason: change.reason ?? '',
    durationSeconds: Number(film.duration_seconds ?? 0),
    mediaBytes: BigInt(film.media_bytes ?? 0),
    ...(disclosure
      ? {
          aiDisclosure: {
            tools: disclosure.tools,
            parts: disclosure.parts,
            realLikeness: disclosure.realLikeness,
            likenessConsent: disclosure.likenessConsent,
            notes: disclosure.notes ?? '',
          },
        }
      : {}),
  };
}
