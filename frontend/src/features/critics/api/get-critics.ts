import { queryOptions, useQuery } from '@tanstack/react-query';

import { CREATORS_DEFAULT_LIMIT } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import type { Critic, CriticRecommendation } from '@/lib/api/types';

/** GET /api/critics?limit: verified first, then by followers. */
export const getCritics = (limit: number, signal?: AbortSignal): Promise<Critic[]> =>
  unwrap(apiClient.GET('/api/critics', { params: { query: { limit } }, signal }));

export const getCriticsQueryOptions = (limit = CREATORS_DEFAULT_LIMIT) =>
  queryOptions({
    queryKey: ['critics', 'list', limit] as const,
    queryFn: ({ signal }) => getCritics(limit, signal),
  });

export const useCritics = (limit = CREATORS_DEFAULT_LIMIT) => useQuery(getCriticsQueryOptions(limit));

/** GET /api/critics/{id}/recommendations: the published films the critic rated highest. */
export const getCriticRecommendations = (
  criticId: number,
  signal?: AbortSignal,
): Promise<CriticRecommendation[]> =>
  unwrap(apiClient.GET('/api/critics/{id}/recommendations', { params: { path: { id: criticId } }, signal }));

export const getCriticRecommendationsQueryOptions = (criticId: number) =>
  queryOptions({
    queryKey: ['critics', 'recommendations', criticId] as const,
    queryFn: ({ signal }) => getCriticRecommendations(criticId, signal),
  });

export const useCriticRecommendations = (criticId: number | null) =>
  useQuery({ ...getCriticRecommendationsQueryOptions(criticId ?? 0), enabled: criticId !== null });
