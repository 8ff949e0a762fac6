import { cn } from '@/lib/utils';

import type { StudioFilm } from '@/lib/api/types';
import { filmStateOf, type FilmStateKind } from '../utils/film-state';

const STYLES: Record<FilmStateKind, string> = {
  processing: 'bg-sky-500/15 text-sky-200 ring-sky-400/30',
  failed: 'bg-red-500/15 text-red-200 ring-red-400/30',
  pending: 'bg-amber-500/15 text-amber-100 ring-amber-400/30',
  published: 'bg-accent text-accent-fg ring-accent shadow-lg shadow-accent/25',
  archived: 'bg-white/10 text-fg-muted ring-white/20',
};

/** The film's status: processing with its percent, failed, pending review, published (highlighted), archived. */
export function FilmStatusBadge({ film }: { film: StudioFilm }) {
  const state = filmStateOf(film);
  return (
    <span
      data-testid="film-status"
      data-status={state.kind}
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 tabular-nums',
        STYLES[state.kind],
      )}
    >
      {state.label}
    </span>
  );
}
