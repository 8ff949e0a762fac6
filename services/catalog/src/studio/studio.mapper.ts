import type { MediaStatus } from '@kinora/contracts';
import { mapFilm, type FilmRow } from '../films/film.mapper';
import { FILM_COLUMNS, FILM_FROM } from '../films/films.service';
import type { StudioFilmDto } from './dto/studio-film.dto';

/** FILM_COLUMNS plus the film's media state and review reason. */
export const STUDIO_COLUMNS = `${FILM_COLUMNS},
  fm.status as m_status, fm.failure_reason as m_failure_reason, f.moderation_reason`;
export const STUDIO_FROM = `${FILM_FROM}
  left join film_media fm on fm.film_id = f.id`;

export interface StudioFilmRow extends FilmRow {
  m_status: MediaStatus | null;
  m_failure_reason: string | null;
  moderation_reason: string | null;
}

/**
 * Transcoding progress in percent, 0..100. LEAD: switch to film_media.progress (select
 * `fm.progress as m_progress` in STUDIO_COLUMNS) once the media-progress migration is merged; until
 * then 100 when the video is ready, 0 before.
 */
export function mediaProgress(status: MediaStatus): number {
  return status === 'ready' ? 100 : 0;
}

export function mapStudioFilm(row: StudioFilmRow): StudioFilmDto {
  // A film without a media row (made before the pipeline) is ready once it has a video.
  const status: MediaStatus = row.m_status ?? (row.video_url ? 'ready' : 'queued');
  return {
    ...mapFilm(row),
    media: {
      status,
      progress: mediaProgress(status),
      failureReason:
        status === 'failed' ? (row.m_failure_reason ?? 'The video could not be processed') : null,
    },
    moderationReason: row.status === 'archived' ? row.moderation_reason : null,
  };
}
