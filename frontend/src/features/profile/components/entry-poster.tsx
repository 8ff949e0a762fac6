import { PosterImage } from '@/components/film/film-poster';
import type { ListEntry } from '@/lib/api/types';

/** A list entry's film title, or 'Film N' while the entry does not name it. */
export const entryTitle = (entry: ListEntry): string => entry.film.title ?? `Film ${entry.filmId}`;

/** A list entry's poster in a box `className` shapes; the box stays empty for a film without one. */
export function EntryPoster({ entry, className }: { entry: ListEntry; className: string }) {
  return (
    <div className={className}>
      {entry.film.posterUrl ? (
        <PosterImage posterUrl={entry.film.posterUrl} className="size-full object-cover" />
      ) : null}
    </div>
  );
}
