import { Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { SkeletonList } from '@/components/ui/skeleton';
import { MY_LIST_SHOWN } from '@/config/constants';
import { filmPath } from '@/config/paths';
import type { ListEntry } from '@/lib/api/types';

import { useList } from '../api/get-list';
import { useRemoveFromList } from '../api/remove-from-list';
import { EntryPoster, entryTitle } from './entry-poster';

const LIST_LABELS = { watchlist: 'Watchlist', favorites: 'Favorites' } as const;

/** The newest entries of both lists together, at most `limit`. */
export function combineLists(
  watchlist: ListEntry[],
  favorites: ListEntry[],
  limit = MY_LIST_SHOWN,
): ListEntry[] {
  return [...watchlist, ...favorites]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
    .slice(0, limit);
}

/** Up to 10 films from the watchlist and favorites, each with a remove button. */
export function MyList({ onChanged }: { onChanged?: () => void }) {
  const watchlist = useList('watchlist', MY_LIST_SHOWN);
  const favorites = useList('favorites', MY_LIST_SHOWN);
  const remove = useRemoveFromList({ onRemoved: onChanged });
  const pending = watchlist.isPending || favorites.isPending;
  const failed = watchlist.isError || favorites.isError;
  const entries = combineLists(watchlist.data ?? [], favorites.data ?? []);

  return (
    <section aria-labelledby="my-list-heading" className="grid gap-4">
      <h2 id="my-list-heading" className="text-xl font-semibold text-fg">
        My List
      </h2>
      {pending ? (
        <SkeletonList
          label="Loading My List"
          count={5}
          className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5"
          itemClassName="aspect-[2/3] w-full"
          list
        />
      ) : failed ? (
        <p role="alert" className="text-sm text-fg-muted">
          Failed to load your list
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-fg-muted">
          Your list is empty. Add films from their pages to watch them later.
        </p>
      ) : (
        <ul aria-label="My List" className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {entries.map((entry) => {
            const title = entryTitle(entry);
            const listType = entry.listType === 'favorites' ? 'favorites' : 'watchlist';
            return (
              <li key={entry.id} className="grid gap-2">
                <Link to={filmPath(entry.filmId)} className="block overflow-hidden rounded-xl bg-white/5">
                  <EntryPoster entry={entry} className="aspect-[2/3]" />
                </Link>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link to={filmPath(entry.filmId)} className="block truncate text-sm font-medium text-fg">
                      {title}
                    </Link>
                    <span className="text-xs text-fg-subtle">{LIST_LABELS[listType]}</span>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    aria-label={`Remove ${title} from ${LIST_LABELS[listType]}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ listType, filmId: entry.filmId })}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
