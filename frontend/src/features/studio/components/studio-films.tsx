import { Captions, ChartLine, Clapperboard, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { FilmPoster, posterOf } from '@/components/film/film-poster';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { filmPath, paths } from '@/config/paths';
import { formatMinutes, formatViews, formatWatchTime } from '@/lib/format';
import type { CreatorFilmFigures, StudioFilm } from '@/lib/api/types';

import { canDelete, filmStateOf } from '../utils/film-state';
import { studioErrorText } from '../utils/studio-errors';
import { FilmRetention } from './film-retention';
import { FilmStatusBadge } from './film-status-badge';
import { CaptionsDialog, DeleteFilmDialog, EditFilmDialog } from './studio-film-dialogs';

type Films = { isPending: boolean; isError: boolean; error: unknown; data?: StudioFilm[] };
type OpenDialog = { kind: 'edit' | 'captions' | 'delete'; film: StudioFilm } | null;

type StudioFilmsProps = {
  films: Films;
  /** The films' figures (views, watch time, retention), once analytics answered. */
  figures?: CreatorFilmFigures[];
  /** The range the retention curves cover, in days. */
  days: number;
};

/**
 * The Films tab: every film of the creator with its status, views and watch time, and actions;
 * a selected film shows its retention curve.
 */
export function StudioFilms({ films, figures, days }: StudioFilmsProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const figuresOf = new Map(figures?.map((item) => [item.film.id, item]));

  if (films.isPending) {
    return (
      <SkeletonList
        label="Loading your films"
        count={3}
        className="space-y-3"
        itemClassName="h-28 rounded-2xl"
      />
    );
  }
  if (films.isError || !films.data) {
    return (
      <p role="alert" className="rounded-2xl bg-red-500/10 px-5 py-4 text-red-300">
        Your films could not be loaded. {studioErrorText(films.error)}
      </p>
    );
  }
  if (films.data.length === 0) {
    return (
      <EmptyState
        icon={Clapperboard}
        title="No films yet"
        hint="Upload your first film; the team reviews it within 2-3 business days."
        action={
          <Link to={paths.uploadFilm} className={buttonClasses()}>
            Upload New Film
          </Link>
        }
      />
    );
  }

  const close = () => setDialog(null);
  return (
    <>
      <ul aria-label="Your films" className="space-y-3">
        {films.data.map((film) => (
          <StudioFilmRow
            key={film.id}
            film={film}
            figures={figuresOf.get(film.id)}
            days={days}
            selected={selected === film.id}
            onSelect={() => setSelected((current) => (current === film.id ? null : film.id))}
            onOpen={(kind) => setDialog({ kind, film })}
          />
        ))}
      </ul>
      {dialog?.kind === 'edit' ? <EditFilmDialog film={dialog.film} onClose={close} /> : null}
      {dialog?.kind === 'captions' ? <CaptionsDialog film={dialog.film} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteFilmDialog film={dialog.film} onClose={close} /> : null}
    </>
  );
}

function StudioFilmRow({
  film,
  figures,
  days,
  selected,
  onSelect,
  onOpen,
}: {
  film: StudioFilm;
  figures?: CreatorFilmFigures;
  days: number;
  selected: boolean;
  onSelect: () => void;
  onOpen: (kind: 'edit' | 'captions' | 'delete') => void;
}) {
  const state = filmStateOf(film);
  const published = film.status === 'published';
  // Analytics' views and watch time once a film is live (or was watched); else the catalog's count.
  const showFigures = figures !== undefined && (published || figures.views > 0);
  const retentionId = useId();
  return (
    <li
      aria-label={film.title}
      className={
        published
          ? 'flex gap-4 rounded-2xl border border-accent/40 bg-accent/[0.06] p-4'
          : 'flex gap-4 rounded-2xl border border-white/10 bg-white/[0.03] p-4'
      }
    >
      <FilmPoster
        {...posterOf(film)}
        sizes="(min-width: 640px) 80px, 64px"
        className="w-16 shrink-0 rounded-lg sm:w-20"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate font-semibold text-fg">
            {published ? (
              <Link to={filmPath(film.id)} className="hover:underline">
                {film.title}
              </Link>
            ) : (
              film.title
            )}
          </h3>
          <FilmStatusBadge film={film} />
        </div>
        <p className="mt-1 text-sm text-fg-muted">
          {film.genre} · {film.duration > 0 ? formatMinutes(film.duration) : 'duration pending'} ·{' '}
          {film.releaseYear}
          {showFigures
            ? ` · ${formatViews(figures.views)} · ${formatWatchTime(figures.watchTime)} watched`
            : published
              ? ` · ${formatViews(film.viewCount)}`
              : ''}
          {film.captions.length > 0
            ? ` · captions: ${film.captions.map((caption) => caption.label).join(', ')}`
            : ''}
        </p>
        {state.kind === 'failed' && state.detail ? (
          <p className="mt-1 text-sm text-red-300">Reason: {state.detail}</p>
        ) : null}
        {state.kind === 'archived' ? (
          <p className="mt-1 text-sm text-fg-muted">Reviewer's reason: {state.detail ?? 'none given'}</p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onOpen('edit')}>
            <Pencil className="size-3.5" aria-hidden="true" />
            Edit details
          </Button>
          <Button variant="outline" size="sm" onClick={() => onOpen('captions')}>
            <Captions className="size-3.5" aria-hidden="true" />
            Captions
          </Button>
          {showFigures ? (
            <Button
              variant={selected ? 'secondary' : 'outline'}
              size="sm"
              aria-expanded={selected}
              aria-controls={retentionId}
              onClick={onSelect}
            >
              <ChartLine className="size-3.5" aria-hidden="true" />
              Retention
            </Button>
          ) : null}
          {canDelete(film) ? (
            <Button variant="ghost" size="sm" onClick={() => onOpen('delete')} className="text-red-300">
              <Trash2 className="size-3.5" aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
        {showFigures && selected ? (
          <div id={retentionId} className="mt-4 rounded-xl bg-black/20 p-3">
            <FilmRetention figures={figures} days={days} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
