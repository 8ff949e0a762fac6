import { useQueries } from '@tanstack/react-query';

import { HOME_ROW_LIMIT } from '@/config/constants';
import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { Film } from '@/lib/api/types';

/** GET /api/films?creatorId={id}&sort=newest → a creator's published films, newest first. */
export const getCreatorFilms = (creatorId: number, signal?: AbortSignal): Promise<Film[]> =>
  unwrap(
    apiClient.GET('/api/films', {
      params: { query: { creatorId, sort: 'newest', limit: HOME_ROW_LIMIT } },
      signal,
    }),
  );

export const getCreatorFilmsQueryOptions = (creatorId: number) =>
  fetchQueryOptions(['creators', 'films', creatorId], (signal) => getCreatorFilms(creatorId, signal));

/** The films of each of several creators, fetched side by side (home's Films by Selected Creators). */
export const useFilmsOfCreators = (creatorIds: number[]) =>
  useQueries({
    queries: creatorIds.map((id) => getCreatorFilmsQueryOptions(id)),
    combine: (results) => ({
      films: results.flatMap((result) => result.data ?? []),
      isPending: results.some((result) => result.isPending),
    }),
  });
