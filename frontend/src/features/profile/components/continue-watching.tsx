import { History } from 'lucide-react';
import { Link } from 'react-router-dom';

import { ProgressBar } from '@/components/ui/progress-bar';
import { SkeletonList } from '@/components/ui/skeleton';
import { CONTINUE_WATCHING_SHOWN } from '@/config/constants';
import { filmPath, paths } from '@/config/paths';
import { watchProgress } from '@/lib/watch-progress';

import { useList } from '../api/get-list';
import { EntryPoster, entryTitle } from './entry-poster';

/** Up to 4 films the member started, with the time left and a progress bar; an honest empty text. */
export function ContinueWatching() {
  const list = useList('continue_watching', CONTINUE_WATCHING_SHOWN);

  return (
    <section aria-labelledby="continue-watching-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="continue-watching-heading" className="text-xl font-semibold text-fg">
          Continue Watching
        </h2>
        <Link
          to={paths.history}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
        >
          <History className="size-4" aria-hidden="true" />
          Watch history
        </Link>
      </div>
      {list.isPending ? (
        <SkeletonList
          label="Loading Continue Watching"
          count={CONTINUE_WATCHING_SHOWN}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          itemClassName="aspect-video w-full"
          list
        />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-fg-muted">
          Failed to load Continue Watching
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-fg-muted">
          Nothing in progress. Films you start watching will appear here.
        </p>
      ) : (
        <ul aria-label="Continue Watching" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {list.data.slice(0, CONTINUE_WATCHING_SHOWN).map((entry) => {
            const { timeLeft, fraction } = watchProgress(entry);
            const title = entryTitle(entry);
            return (
              <li key={entry.id} className="overflow-hidden rounded-xl border border-white/10 bg-surface">
                <Link to={filmPath(entry.filmId)} className="block">
                  <EntryPoster entry={entry} className="aspect-video bg-white/5" />
                  <div className="grid gap-2 p-3">
                    <span className="font-medium text-fg">{title}</span>
                    <span className="text-xs text-fg-muted">{timeLeft ?? 'In progress'}</span>
                    <ProgressBar label={`${title} progress`} fraction={fraction} />
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
