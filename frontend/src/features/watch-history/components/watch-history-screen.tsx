import { Film, History, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ShowMore } from '@/components/ui/show-more';
import { SkeletonList } from '@/components/ui/skeleton';
import { WATCH_HISTORY_SKELETON_COUNT } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSignedOutRedirect } from '@/hooks/use-signed-out-redirect';
import type { User } from '@/lib/api/types';

import { useClearWatchHistory } from '../api/clear-watch-history';
import { useWatchHistory } from '../api/get-watch-history';
import { HistoryEntry } from './history-entry';

type WatchHistoryScreenProps = {
  /** undefined while loading, null when signed out. */
  user: User | null | undefined;
  /** The history was cleared: Continue Watching, another feature's, empties too. */
  onCleared?: () => void;
};

/** /history: the films the member watched, most recent first, and Clear watch history. */
export function WatchHistoryScreen({ user, onCleared }: WatchHistoryScreenProps) {
  useSignedOutRedirect(user === null, 'Please sign in to see your watch history.');
  const history = useWatchHistory({ enabled: Boolean(user) });
  const [confirming, setConfirming] = useState(false);
  const clear = useClearWatchHistory({ onCleared });
  const entries = history.data?.pages.flat() ?? [];

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8 px-4 pt-28 pb-20 md:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-3xl font-bold text-fg">
            <History className="size-7 text-accent" aria-hidden="true" />
            Watch History
          </h1>
          <p className="mt-1 text-fg-muted">The films you watched, most recent first.</p>
        </div>
        {user ? (
          <Button variant="outline" disabled={entries.length === 0} onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Clear watch history
          </Button>
        ) : null}
      </header>

      {user === null ? (
        <p role="alert" className="text-center text-fg-muted">
          Sign in to see your watch history.
        </p>
      ) : user === undefined || history.isPending ? (
        <SkeletonList
          label="Loading watch history"
          count={WATCH_HISTORY_SKELETON_COUNT}
          className="grid gap-3"
          itemClassName="h-28 w-full rounded-2xl"
          list
        />
      ) : history.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 text-fg-muted">
          <p>Your watch history could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={Film}
          title="Nothing watched yet"
          hint="Films you watch appear here, with where you stopped."
          action={
            <Link to={paths.browse} className={buttonClasses()}>
              Browse Films
            </Link>
          }
        />
      ) : (
        <div className="grid gap-4">
          <ul aria-label="Watch history" className="grid gap-3">
            {entries.map((entry) => (
              <HistoryEntry key={entry.filmId} entry={entry} />
            ))}
          </ul>
          <ShowMore query={history} loadingText="Loading…" className="justify-self-center" />
        </div>
      )}

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Clear your watch history?"
        description="Everything you watched until now leaves your history, and Continue Watching empties. This cannot be undone."
      >
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            className="bg-red-500 text-white shadow-red-500/20 hover:bg-red-600"
            disabled={clear.isPending}
            onClick={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
          >
            {clear.isPending ? 'Clearing…' : 'Clear history'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
