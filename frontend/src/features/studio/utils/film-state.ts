import type { StudioFilm } from '@/lib/api/types';

export type FilmStateKind = 'processing' | 'failed' | 'pending' | 'published' | 'archived';

/** What the creator is told about a film: media first (processing, failed), then the review's outcome. */
export function filmStateOf(film: StudioFilm): { kind: FilmStateKind; label: string; detail: string | null } {
  if (film.media.status === 'failed')
    return {
      kind: 'failed',
      label: 'Failed',
      detail: film.media.failureReason ?? 'The video could not be processed.',
    };
  if (film.status === 'published') return { kind: 'published', label: 'Published', detail: null };
  if (film.status === 'archived')
    return { kind: 'archived', label: 'Archived', detail: film.moderationReason };
  if (film.media.status === 'queued') return { kind: 'processing', label: 'Queued 0%', detail: null };
  if (film.media.status === 'processing')
    return { kind: 'processing', label: `Processing ${film.media.progress}%`, detail: null };
  return { kind: 'pending', label: 'Pending review', detail: null };
}

export const canDelete = (film: StudioFilm) => film.status !== 'published';
