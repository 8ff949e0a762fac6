import { useQuery } from '@tanstack/react-query';

import { TRENDING_DEFAULT_LIMIT } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { TrendingFilm } from '@/lib/api/types';

/** GET /api/films/trending?limit=8: the most viewed films of the last 7 days (may be fewer). */
export const getTrendingFilms = (limit: number, signal?: AbortSignal): Promise<TrendingFilm[]> =>
  unwrap(apiClient.GET('/api/films/trending', { params: { query: { limit } }, signal }));

export const getTrendingFilmsQueryOptions = (limit = TRENDING_DEFAULT_LIMIT) =>
  fetchQueryOptions(['films', 'trending', limit], (signal) => getTrendingFilms(limit, signal));

export const useTrendingFilms = (limit = TRENDING_DEFAULT_LIMIT) =>
  useQuery(getTrendingFilmsQueryOptions(limit));
