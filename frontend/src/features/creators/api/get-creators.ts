import { queryOptions, useQuery } from '@tanstack/react-query';

import { CREATORS_FETCH_LIMIT } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { Creator } from '@/types/api';

/** GET /api/creators?limit=20 → creators (verified first, then by followers) with their newest films. */
export const getCreators = (limit: number, signal?: AbortSignal): Promise<Creator[]> =>
  api.get<Creator[]>(`/api/creators?limit=${limit}`, { signal });

export const getCreatorsQueryOptions = (limit = CREATORS_FETCH_LIMIT) =>
  queryOptions({
    queryKey: ['creators', 'list', limit] as const,
    queryFn: ({ signal }) => getCreators(limit, signal),
  });

export const useCreators = (limit = CREATORS_FETCH_LIMIT) => useQuery(getCreatorsQueryOptions(limit));
