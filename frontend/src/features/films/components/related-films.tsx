import { Star } from 'lucide-react';
import { Link } from 'react-router-dom';

import { FilmPoster, POSTER_SIZES, posterOf } from '@/components/film/film-poster';
import { Skeleton } from '@/components/ui/skeleton';
import { RELATED_FILMS_REQUESTED, RELATED_FILMS_SHOWN } from '@/config/constants';
import { browsePath, filmPath } from '@/config/paths';
import { useShownOnScreen } from '@/hooks/use-shown-on-screen';
import { formatMinutes, formatRatingOutOfFive, formatViews, isUnrated } from '@/lib/format';
import type { Film, RecommendationRow } from '@/lib/api/types';

import { useFilmsByIds } from '../api/get-films';
import { Card } from './film-detail-card';

/** The film's "More like this" row (GET /api/recommendations/films/{id}/similar), from the route. */
export type SimilarFilms = {
  row: RecommendationRow | undefined;
  isPending: boolean;
  isError: boolean;
  /** The row came on screen with at least one film (the recommendations' impression). */
  onShown?: () => void;
  /** A film of the row was opened, before the navigation (the recommendations' click). */
  onOpen?: (filmId: number) => void;
};

/**
 * 'More like this': the similar row's first 6 films but this one, as catalog cards (GET
 * /api/films?ids=), 4 shown, with the row's reason ("Members who watched X also watched these").
 */
export function RelatedFilms({ film, similar }: { film: Film; similar: SimilarFilms }) {
  const ids = (similar.row?.filmIds ?? []).filter((id) => id !== film.id).slice(0, RELATED_FILMS_REQUESTED);
  const related = useFilmsByIds(ids);
  const films = (related.data ?? []).slice(0, RELATED_FILMS_SHOWN);
  const pending = similar.isPending || related.isLoading;
  const reason = similar.row?.reason;
  // Seen once the list of films is half on screen: the row's impression, if the page reports one.
  const shownRef = useShownOnScreen<HTMLUListElement>(!pending && films.length > 0, () =>
    similar.onShown?.(),
  );

  return (
    <Card title="More like this" className="self-start">
      {reason && films.length > 0 ? <p className="-mt-3 mb-4 text-sm text-fg-subtle">{reason}</p> : null}
      {pending ? (
        // The loaded list's geometry (padding, poster frame, gaps): nothing moves when it arrives.
        <ul aria-busy="true" aria-label="Loading similar films" className="space-y-3">
          {Array.from({ length: RELATED_FILMS_SHOWN }, (_, index) => (
            <li key={index} data-testid="related-film-skeleton" className="flex gap-3 p-1.5">
              <Skeleton className="aspect-[2/3] w-16 shrink-0 rounded-lg" />
              <div className="flex-1 space-y-2 py-1">
                <Skeleton className="h-4 w-3/4 rounded-md" />
                <Skeleton className="h-3 w-1/2 rounded-md" />
              </div>
            </li>
          ))}
        </ul>
      ) : films.length === 0 ? (
        <p className="text-sm text-fg-subtle">
          {similar.isError || related.isError
            ? 'Similar films could not be loaded.'
            : 'No similar films yet.'}
        </p>
      ) : (
        <ul ref={shownRef} aria-label="Films like this one" className="space-y-3">
          {films.map((other) => (
            <li key={other.id}>
              <Link
                to={filmPath(other.id)}
                onClick={() => similar.onOpen?.(other.id)}
                className="group flex gap-3 rounded-xl p-1.5 transition-colors hover:bg-white/5"
              >
                <FilmPoster
                  {...posterOf(other)}
                  sizes={POSTER_SIZES.thumbnail}
                  className="w-16 shrink-0 rounded-lg ring-1 ring-white/10"
                />
                <span className="flex min-w-0 flex-col justify-center gap-1">
                  <span className="truncate font-semibold text-fg group-hover:text-accent">
                    {other.title}
                  </span>
                  <span className="truncate text-xs text-fg-subtle">
                    {other.releaseYear} · {formatMinutes(other.duration)} · {other.language}
                  </span>
                  <span className="inline-flex items-center gap-1 text-xs text-fg-muted">
                    <Star className="size-3 fill-accent text-accent" aria-hidden="true" />
                    {isUnrated(other.rating) ? 'New' : formatRatingOutOfFive(other.rating)}
                    <span aria-hidden="true">·</span>
                    {formatViews(other.viewCount)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={browsePath({ genre: film.genre })}
        className="mt-4 inline-flex text-sm font-semibold text-accent hover:underline"
      >
        Browse all {film.genre} films
      </Link>
    </Card>
  );
}
