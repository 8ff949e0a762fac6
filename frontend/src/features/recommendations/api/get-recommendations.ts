import { useQuery } from '@tanstack/react-query';
import { FILM_IDS_MAX } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { Film, HomeRecommendations, RecommendationRow } from '@/lib/api/types';

/** Every home recommendations query, whoever it was for: refetched when the member's setting changes. */
export const homeRecommendationsKey = ['recommendations', 'home'] as const;

/** GET /api/recommendations/home → the home page's recommended rows (visitors get trending per genre). */
export const getHomeRecommendations = (signal?: AbortSignal): Promise<HomeRecommendations> =>
  unwrap(apiClient.GET('/api/recommendations/home', { signal }));

/**
 * Keyed by the viewer (a member's id, null for a visitor): one member's rows are never shown to
 * the next one signed in on this browser, whatever else is or is not cleared on sign-in and out.
 */
export const getHomeRecommendationsQueryOptions = (viewer: string | null) =>
  fetchQueryOptions([...homeRecommendationsKey, viewer], (signal) => getHomeRecommendations(signal));

/** The home rows, asked once it is known who is viewing (`viewer` undefined until then). */
export const useHomeRecommendations = (viewer: string | null | undefined) =>
  useQuery({ ...getHomeRecommendationsQueryOptions(viewer ?? null), enabled: viewer !== undefined });

/** GET /api/recommendations/films/{id}/similar → the film page's "More like this" row. */
export const getSimilarFilms = (filmId: number, signal?: AbortSignal): Promise<RecommendationRow> =>
  unwrap(
    apiClient.GET('/api/recommendations/films/{id}/similar', { params: { path: { id: filmId } }, signal }),
  );

export const getSimilarFilmsQueryOptions = (filmId: number) =>
  fetchQueryOptions(['recommendations', 'similar', filmId], (signal) => getSimilarFilms(filmId, signal));

export const useSimilarFilms = (filmId: number) => useQuery(getSimilarFilmsQueryOptions(filmId));

/**
 * The film ids of all rows in one list for one GET /api/films?ids= call: row by row, each id once,
 * at most `max` (the catalog's FILM_IDS_MAX), so the first rows are whole when the rows hold more.
 */
export function recommendedFilmIds(rows: readonly RecommendationRow[], max: number = FILM_IDS_MAX): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    for (const id of row.filmIds) {
      if (ids.size >= max) return [...ids];
      ids.add(id);
    }
  }
  return [...ids];
}

/** A row's films in the row's order, from the films the catalog answered (hidden and unasked ones left out). */
export function filmsOfRow(row: RecommendationRow, films: readonly Film[]): Film[] {
  const byId = new Map(films.map((film) => [film.id, film]));
  return row.filmIds.flatMap((id) => byId.get(id) ?? []);
}
