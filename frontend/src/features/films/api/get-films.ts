import { queryOptions, useQuery } from '@tanstack/react-query';

import type { FilmSort } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { Film } from '@/types/api';

/** The filters of GET /api/films; unset ones are left out of the URL. */
export type FilmListParams = {
  genre?: string;
  language?: string;
  featured?: boolean;
  creatorId?: number;
  /** Leaves one film out (related films of a film). */
  excludeId?: number;
  sort?: FilmSort;
  limit?: number;
  offset?: number;
};

const PARAM_ORDER = [
  'genre',
  'language',
  'featured',
  'creatorId',
  'excludeId',
  'sort',
  'limit',
  'offset',
] as const satisfies (keyof FilmListParams)[];

export function filmsUrl(params: FilmListParams): string {
  const search = new URLSearchParams();
  for (const key of PARAM_ORDER) {
    const value = params[key];
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `/api/films?${query}` : '/api/films';
}

/** GET /api/films with filters → published films. */
export const getFilms = (params: FilmListParams, signal?: AbortSignal): Promise<Film[]> =>
  api.get<Film[]>(filmsUrl(params), { signal });

export const getFilmsQueryOptions = (params: FilmListParams) =>
  queryOptions({
    queryKey: ['films', 'list', params] as const,
    queryFn: ({ signal }) => getFilms(params, signal),
  });

export const useFilms = (params: FilmListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getFilmsQueryOptions(params), enabled });
