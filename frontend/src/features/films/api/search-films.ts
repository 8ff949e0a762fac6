import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { Film, FilmSearchQuery } from '@/lib/api/types';

export type FilmSearchParams = Pick<FilmSearchQuery, 'q' | 'genre' | 'language'>;

/** GET /api/films/search?q=&genre=&language= → best match first, typo tolerant on titles. */
export const searchFilms = (
  { q, genre, language }: FilmSearchParams,
  signal?: AbortSignal,
): Promise<Film[]> =>
  unwrap(apiClient.GET('/api/films/search', { params: { query: { q, genre, language } }, signal }));

export const searchFilmsQueryOptions = (params: FilmSearchParams) =>
  fetchQueryOptions(['films', 'search', params], (signal) => searchFilms(params, signal));

export const useSearchFilms = (params: FilmSearchParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...searchFilmsQueryOptions(params), enabled: enabled && params.q.trim() !== '' });
