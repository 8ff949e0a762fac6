import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { FilmPoster } from '@/components/film/film-poster';
import { IconPill } from '@/components/ui/icon-pill';
import { ProgressBar } from '@/components/ui/progress-bar';
import { filmPath } from '@/config/paths';
import { formatClock, formatRelativeTime, formatWatchTime } from '@/lib/format';
import type { WatchHistoryEntry } from '@/lib/api/types';

/**
 * One film of the history: when it was last watched, where the latest session stopped (against the
 * film's length when known), the time watched over every session, and whether one reached the end.
 */
export function HistoryEntry({ entry }: { entry: WatchHistoryEntry }) {
  const title = entry.title ?? 'Unavailable film';
  const length = entry.durationSeconds > 0 ? entry.durationSeconds : null;
  const facts = [
    entry.genre,
    `Watched ${formatWatchTime(entry.watchTime)}`,
    `${entry.sessions} ${entry.sessions === 1 ? 'session' : 'sessions'}`,
  ].filter(Boolean);

  return (
    <li
      aria-label={title}
      className="flex gap-4 rounded-2xl border border-white/10 bg-white/[0.03] p-3 sm:p-4"
    >
      <FilmPoster
        title={title}
        posterUrl={entry.posterUrl}
        className="w-16 shrink-0 rounded-lg ring-1 ring-white/10 sm:w-20"
      />
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate font-semibold text-fg">
            {entry.title ? (
              <Link to={filmPath(entry.filmId)} className="hover:text-accent hover:underline">
                {entry.title}
              </Link>
            ) : (
              title
            )}
          </h2>
          {entry.completed ? (
            <IconPill
              icon={CheckCircle2}
              className="bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent"
            >
              Completed
            </IconPill>
          ) : null}
        </div>
        <p className="text-sm text-fg-muted">
          <time dateTime={entry.watchedAt}>{formatRelativeTime(entry.watchedAt)}</time>
          {' · '}
          {facts.join(' · ')}
        </p>
        <p className="text-xs text-fg-subtle">
          Stopped at {formatClock(entry.positionSeconds)}
          {length !== null ? ` of ${formatClock(length)}` : ''}
        </p>
        {length !== null ? (
          <ProgressBar
            label={`${title} progress`}
            fraction={entry.positionSeconds / length}
            className="max-w-sm"
          />
        ) : null}
      </div>
    </li>
  );
}
