import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Film } from '@/types/api';

export type FilmSearchParams = { q: string; genre?: string; language?: string };

export function searchFilmsUrl({ q, genre, language }: FilmSearchParams): string {
  const search = new URLSearchParams({ q });
  if (genre) search.set('genre', genre);
  if (language) search.set('language', language);
  return `/api/films/search?${search}`;
}

/** GET /api/films/search?q=&genre=&language= → best match first, typo tolerant on titles. */
export const searchFilms = (params: FilmSearchParams, signal?: AbortSignal): Promise<Film[]> =>
  api.get<Film[]>(searchFilmsUrl(params), { signal });

export const searchFilmsQueryOptions = (params: FilmSearchParams) =>
  queryOptions({
    queryKey: ['films', 'search', params] as const,
    queryFn: ({ signal }) => searchFilms(params, signal),
  });

export const useSearchFilms = (params: FilmSearchParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...searchFilmsQueryOptions(params), enabled: enabled && params.q.trim() !== '' });
