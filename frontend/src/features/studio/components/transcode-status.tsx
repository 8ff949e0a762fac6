import { AlertTriangle, CheckCircle2, Clock, Loader2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { filmPath, paths } from '@/config/paths';

import { useStudioFilm } from '../api/studio-films';
import { studioErrorText } from '../utils/studio-errors';

/** After submitting: the transcoding percent (asked every 2 s), then review, live or failed. */
export function TranscodeStatus({
  filmId,
  onUploadAnother,
}: {
  filmId: number;
  onUploadAnother: () => void;
}) {
  const film = useStudioFilm(filmId);

  return (
    <section
      aria-label="Processing"
      className="rounded-2xl border border-white/10 bg-surface/80 p-6 shadow-xl shadow-black/20"
    >
      {film.isPending ? (
        <p className="inline-flex items-center gap-2 text-fg-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading your film…
        </p>
      ) : film.isError ? (
        <p role="alert" className="text-red-300">
          {studioErrorText(film.error)}
        </p>
      ) : (
        <>
          <h2 className="text-xl font-bold text-fg">{film.data.title}</h2>
          <Status film={film.data} />
        </>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.creatorDashboard} className={buttonClasses({ variant: 'secondary' })}>
          Go to your dashboard
        </Link>
        <button type="button" onClick={onUploadAnother} className={buttonClasses({ variant: 'ghost' })}>
          Upload another film
        </button>
      </div>
    </section>
  );
}

function Status({ film }: { film: NonNullable<ReturnType<typeof useStudioFilm>['data']> }) {
  const { media } = film;
  if (media.status === 'failed') {
    return (
      <div role="alert" className="mt-4 flex gap-3 rounded-xl bg-red-500/10 px-4 py-3 text-sm text-red-200">
        <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">We could not process this video.</p>
          <p className="mt-0.5">{media.failureReason ?? 'The transcoder gave no reason.'}</p>
        </div>
      </div>
    );
  }
  if (media.status === 'queued' || media.status === 'processing') {
    return (
      <div className="mt-4">
        <div className="flex items-center justify-between text-sm text-fg-muted">
          <span>{media.status === 'queued' ? 'Waiting for the transcoder…' : 'Transcoding your film…'}</span>
          <span className="font-semibold text-fg tabular-nums">{media.progress}%</span>
        </div>
        <ProgressBar label="Transcoding progress" fraction={media.progress / 100} className="mt-2 h-2" />
        <p className="mt-2 text-xs text-fg-subtle">
          You can leave this page: processing goes on, and your dashboard shows where it is.
        </p>
      </div>
    );
  }
  if (film.status === 'published') {
    return (
      <p className="mt-4 inline-flex items-center gap-2 text-emerald-300">
        <CheckCircle2 className="size-5" aria-hidden="true" />
        Your film is live.{' '}
        <Link to={filmPath(film.id)} className="underline">
          Watch it
        </Link>
      </p>
    );
  }
  if (film.status === 'archived') {
    return (
      <div role="alert" className="mt-4 rounded-xl bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
        <p className="font-semibold">This film was not approved.</p>
        {film.moderationReason ? <p className="mt-0.5">{film.moderationReason}</p> : null}
      </div>
    );
  }
  return (
    <p className="mt-4 inline-flex items-center gap-2 text-sky-200">
      <Clock className="size-5" aria-hidden="true" />
      Waiting for review — the team reviews within 2-3 business days.
    </p>
  );
}
