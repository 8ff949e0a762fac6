import type { QueryClient } from '@tanstack/react-query';

import { POSTER_SIZES } from '@/components/film/poster-sizes';
import type { Film } from '@/lib/api/types';
import { preloadPoster } from '@/lib/poster-preload';

import { browseListParams, readBrowseFilters } from '../utils/browse-filters';
import {
  FEATURED_HERO_PARAMS,
  featuredHeroFilm,
  getFilmsQueryOptions,
  type FilmListParams,
} from './get-films';

/** The hero's poster spans the screen. */
export const HERO_POSTER_SIZES = '100vw';

/** The grid's first posters, in view on every screen (two columns on a phone): fetched first. */
export const BROWSE_PRIORITY_POSTERS = 2;

/**
 * Asks for a screen's films at once (the response the gateway preloaded, for the bare paths) and,
 * as soon as they are in, fetches the posters `pick` names, the page's largest images, while the
 * screen's code is still loading. The screen then finds both in the caches. Settles once the films
 * are in (or have failed), not waiting for the posters.
 */
function prefetchFilms(
  queryClient: QueryClient,
  params: FilmListParams,
  pick: (films: Film[]) => (Film | undefined)[],
  sizes: string,
): Promise<void> {
  return queryClient.fetchQuery(getFilmsQueryOptions(params)).then(
    (films) => {
      for (const film of pick(films)) {
        if (film?.posterUrl) preloadPoster(film.posterUrl, film.posterSources, sizes);
      }
    },
    () => {
      // The screen asks again when it renders, and shows its own error state.
    },
  );
}

/** Opening /home: the hero's films and the hero's poster. */
export function prefetchFeaturedHero(queryClient: QueryClient) {
  return prefetchFilms(
    queryClient,
    FEATURED_HERO_PARAMS,
    (films) => [featuredHeroFilm(films)],
    HERO_POSTER_SIZES,
  );
}

/**
 * Opening /browse: the grid's films, as the address filters them, and its first posters. A search
 * (`q`) shows other films: nothing is asked.
 */
export function prefetchBrowseFilms(queryClient: QueryClient, search: string) {
  const filters = readBrowseFilters(new URLSearchParams(search));
  if (filters.q !== '') return Promise.resolve();
  return prefetchFilms(
    queryClient,
    browseListParams(filters),
    (films) => films.slice(0, BROWSE_PRIORITY_POSTERS),
    POSTER_SIZES.browseGrid,
  );
}
