import { useQuery } from '@tanstack/react-query';

import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { CreatorProfile } from '@/lib/api/types';

/** GET /api/creators/{id} → the profile with all published films, contact address and stats. */
export const getCreator = (id: number, signal?: AbortSignal): Promise<CreatorProfile> =>
  unwrap(apiClient.GET('/api/creators/{id}', { params: { path: { id } }, signal }));

export const getCreatorQueryOptions = (id: number) =>
  fetchQueryOptions(['creators', 'detail', id], (signal) => getCreator(id, signal));

export const useCreator = (id: number) => useQuery(getCreatorQueryOptions(id));

/** A 404 (or an id the server rejects) is the 'Creator Not Found' screen rather than an outage. */
export const isCreatorNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);
