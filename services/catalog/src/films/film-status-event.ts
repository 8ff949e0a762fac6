import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '@kinora/common';
import { FilmStatus as FilmStatusEnum, type FilmStatusChangedSchema } from '@kinora/proto';
import type { FilmStatus } from './film.entity';
import { mapAiDisclosure, type StoredAiDisclosure } from './film.mapper';

/**
 * catalog.film-status-changed.v1 from a film row: the one place that decides what the event
 * carries (films.service's status changes, the seed through it, and catalog-worker when a pending
 * film's video becomes playable).
 */

export const FILM_STATUS_ENUM: Record<FilmStatus, FilmStatusEnum> = {
  pending: FilmStatusEnum.PENDING,
  published: FilmStatusEnum.PUBLISHED,
  archived: FilmStatusEnum.ARCHIVED,
};

/** The columns the event needs, as `selectFilmEventRow` reads them. */
export interface FilmEventRow {
  id: number;
  status: FilmStatus;
  title: string;
  description: string;
  genre: string;
  language: string;
  release_year: number;
  duration_minutes: number;
  poster_url: string | null;
  video_url: string | null;
  creator_id: number;
  user_id: string;
  created_at: Date | string;
  ai_disclosure: StoredAiDisclosure | null;
  /** The probed length (null until transcoded). */
  duration_seconds: string | null;
  /** The renditions' bytes: their mean bit rates over the film's length (null until transcoded). */
  media_bytes: string | null;
}

/**
 * Reads a film's event row (null if there is no such film). `lock`: `for update` on the film, to
 * be called inside the transaction that changes it.
 */
export async function selectFilmEventRow(
  em: EntityManager,
  filmId: number,
  options: { lock?: boolean } = {},
): Promise<FilmEventRow | null> {
  const [row] = await em.execute<FilmEventRow[]>(
    `select f.id, f.status, f.title, f.description, f.genre, f.language, f.release_year,
            f.duration_minutes, f.poster_url, f.video_url, f.creator_id, c.user_id, f.created_at,
            f.ai_disclosure, m.duration_seconds,
            (select round(sum(coalesce((r->>'averageBandwidth')::numeric, (r->>'bandwidth')::numeric)) * m.duration_seconds / 8)
               from jsonb_array_elements(m.renditions) r) as media_bytes
       from films f join creators c on c.id = f.creator_id
       left join film_media m on m.film_id = f.id
      where f.id = ?${options.lock ? ' for update of f' : ''}`,
    [filmId],
  );
  return row ?? null;
}

/**
 * The event for `film` moving from `previousStatus` to `status` (the row's own status unless
 * given). `reason`: the moderator's, when archived.
 */
export function filmStatusEvent(
  film: FilmEventRow,
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
