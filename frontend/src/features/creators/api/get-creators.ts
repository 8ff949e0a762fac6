import { useQuery } from '@tanstack/react-query';

import { CREATORS_DEFAULT_LIMIT } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { Creator } from '@/lib/api/types';

/** GET /api/creators?limit=20 → creators (verified first, then by followers) with their newest films. */
export const getCreators = (limit: number, signal?: AbortSignal): Promise<Creator[]> =>
  unwrap(apiClient.GET('/api/creators', { params: { query: { limit } }, signal }));

export const getCreatorsQueryOptions = (limit = CREATORS_DEFAULT_LIMIT) =>
  fetchQueryOptions(['creators', 'list', limit], (signal) => getCreators(limit, signal));

export const useCreators = (limit = CREATORS_DEFAULT_LIMIT) => useQuery(getCreatorsQueryOptions(limit));
