import { queryOptions, useQuery } from '@tanstack/react-query';

import { TRENDING_LIMIT } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { TrendingFilm } from '@/types/api';

/** GET /api/films/trending?limit=8: the most viewed films of the last 7 days (may be fewer). */
export const getTrendingFilms = (limit: number, signal?: AbortSignal): Promise<TrendingFilm[]> =>
  api.get<TrendingFilm[]>(`/api/films/trending?limit=${limit}`, { signal });

export const getTrendingFilmsQueryOptions = (limit = TRENDING_LIMIT) =>
  queryOptions({
    queryKey: ['films', 'trending', limit] as const,
    queryFn: ({ signal }) => getTrendingFilms(limit, signal),
  });

export const useTrendingFilms = (limit = TRENDING_LIMIT) => useQuery(getTrendingFilmsQueryOptions(limit));
