import { DEFAULT_FILM_SORT, FILM_SORTS, FILMS_DEFAULT_LIMIT, type FilmSort } from '@kinora/contracts';

import type { Film } from '@/lib/api/types';

import type { FilmListParams } from '../api/get-films';

/** The Browse Films filters, kept in the URL (q, genre, language, sort). */
export type BrowseFilters = { q: string; genre: string; language: string; sort: FilmSort };

export const EMPTY_BROWSE_FILTERS: BrowseFilters = {
  q: '',
  genre: '',
  language: '',
  sort: DEFAULT_FILM_SORT,
};

const isSort = (value: string | null): value is FilmSort =>
  value !== null && (FILM_SORTS as readonly string[]).includes(value);

/** Reads the filters from the query string; unknown sorts fall back to featured, `type` is ignored. */
export function readBrowseFilters(params: URLSearchParams): BrowseFilters {
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    genre: params.get('genre')?.trim() ?? '',
    language: params.get('language')?.trim() ?? '',
    sort: isSort(sort) ? sort : DEFAULT_FILM_SORT,
  };
}

/** The GET /api/films query of the list the filters show when no search is typed. */
export const browseListParams = (filters: BrowseFilters): FilmListParams => ({
  genre: filters.genre || undefined,
  language: filters.language || undefined,
  sort: filters.sort,
  limit: FILMS_DEFAULT_LIMIT,
});

/**
 * The query string for `filters`: only set filters, the default sort left out. The navigation bar's
 * `type=all` is kept while the search it came with is.
 */
export function writeBrowseFilters(filters: BrowseFilters, current?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.language) params.set('language', filters.language);
  if (filters.sort !== DEFAULT_FILM_SORT) params.set('sort', filters.sort);
  const type = current?.get('type');
  if (q && type) params.set('type', type);
  return params;
}

export const hasActiveFilters = (filters: BrowseFilters): boolean =>
  Boolean(filters.q || filters.genre || filters.language || filters.sort !== DEFAULT_FILM_SORT);

export const SORT_LABELS: Record<FilmSort, string> = {
  featured: 'Featured',
  newest: 'Newest',
  popular: 'Most Popular',
  rating: 'Top Rated',
};

export type FilterChip = { key: keyof BrowseFilters; label: string };

/** The removable chips of the active filters, in panel order. */
export function activeFilterChips(filters: BrowseFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.q) chips.push({ key: 'q', label: `Search: "${filters.q}"` });
  if (filters.genre) chips.push({ key: 'genre', label: `Genre: ${filters.genre}` });
  if (filters.language) chips.push({ key: 'language', label: `Language: ${filters.language}` });
  if (filters.sort !== DEFAULT_FILM_SORT)
    chips.push({ key: 'sort', label: `Sort: ${SORT_LABELS[filters.sort]}` });
  return chips;
}

const byNewest = (a: Film, b: Film) =>
  Date.parse(b.publishedAt ?? b.createdAt) - Date.parse(a.publishedAt ?? a.createdAt) || b.id - a.id;

/**
 * Search answers best match first; a sort other than the default reorders those results here, the way
 * the list endpoint orders its own (newest published, most viewed, best rated).
 */
export function sortSearchResults(films: Film[], sort: FilmSort): Film[] {
  switch (sort) {
    case 'featured':
      return films;
    case 'newest':
      return [...films].sort(byNewest);
    case 'popular':
      return [...films].sort((a, b) => b.viewCount - a.viewCount || b.id - a.id);
    case 'rating':
      return [...films].sort((a, b) => Number(b.rating) - Number(a.rating) || b.viewCount - a.viewCount);
  }
}
