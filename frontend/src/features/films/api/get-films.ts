import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { Film, FilmListQuery } from '@/lib/api/types';

/** The filters of GET /api/films (excludeId leaves one film out: related films of a film). */
export type FilmListParams = FilmListQuery;

/** One order for the query string whatever the caller's key order; unset filters are left out. */
const PARAM_ORDER = [
  'ids',
  'genre',
  'language',
  'featured',
  'creatorId',
  'excludeId',
  'sort',
  'limit',
  'offset',
] as const satisfies (keyof FilmListParams)[];

function orderedQuery(params: FilmListParams): FilmListParams {
  const query: Record<string, unknown> = {};
  for (const key of PARAM_ORDER) if (params[key] !== undefined) query[key] = params[key];
  return query as FilmListParams;
}

/** GET /api/films with filters → published films. */
export const getFilms = (params: FilmListParams, signal?: AbortSignal): Promise<Film[]> =>
  unwrap(apiClient.GET('/api/films', { params: { query: orderedQuery(params) }, signal }));

export const getFilmsQueryOptions = (params: FilmListParams) =>
  fetchQueryOptions(['films', 'list', params], (signal) => getFilms(params, signal));

export const useFilms = (params: FilmListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getFilmsQueryOptions(params), enabled });

/**
 * The films of a row whose ids come from elsewhere (recommendations), as the same cards as every
 * other list: GET /api/films?ids=12,5,9 (1 to FILM_IDS_MAX ids) answers those the viewer may see,
 * in the order of `ids`, unknown and hidden ones left out. Asks nothing while `ids` is empty.
 */
export const useFilmsByIds = (ids: readonly number[]) =>
  useFilms({ ids: ids.join(',') }, { enabled: ids.length > 0 });

/** The home hero's query (GET /api/films?featured=true&limit=5, which the gateway preloads). */
export const FEATURED_HERO_PARAMS = { featured: 'true', limit: 5 } as const satisfies FilmListParams;

/** The film the home hero shows: the first featured film with a poster, else the first. */
export const featuredHeroFilm = (films: Film[] | undefined) =>
  films?.find((candidate) => candidate.posterUrl) ?? films?.[0];
