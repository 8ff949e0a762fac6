import type { MediaStatus } from '@kinora/contracts';
import { mapFilm } from '../films/film.mapper';
import type { StudioFilmDto } from './dto/studio-film.dto';
import type { StudioFilmRecord } from './studio.repository';

export function mapStudioFilm(row: StudioFilmRecord): StudioFilmDto {
  // A film without a media row (made before the pipeline) is ready once it has a video.
  const status: MediaStatus = row.m_status ?? (row.video_url ? 'ready' : 'queued');
  return {
    ...mapFilm(row),
    media: {
      status,
      progress: status === 'ready' ? 100 : (row.m_progress ?? 0),
      failureReason:
        status === 'failed' ? (row.m_failure_reason ?? 'The video could not be processed') : null,
    },
    moderationReason: row.status === 'archived' ? row.moderation_reason : null,
  };
}
