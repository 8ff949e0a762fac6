import { useQuery } from '@tanstack/react-query';

import { CREATORS_DEFAULT_LIMIT } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { Critic, CriticRecommendation } from '@/lib/api/types';

/** GET /api/critics?limit: verified first, then by followers. */
export const getCritics = (limit: number, signal?: AbortSignal): Promise<Critic[]> =>
  unwrap(apiClient.GET('/api/critics', { params: { query: { limit } }, signal }));

export const getCriticsQueryOptions = (limit = CREATORS_DEFAULT_LIMIT) =>
  fetchQueryOptions(['critics', 'list', limit], (signal) => getCritics(limit, signal));

export const useCritics = (limit = CREATORS_DEFAULT_LIMIT) => useQuery(getCriticsQueryOptions(limit));

/** GET /api/critics/{id}/recommendations: the published films the critic rated highest. */
export const getCriticRecommendations = (
  criticId: number,
  signal?: AbortSignal,
): Promise<CriticRecommendation[]> =>
  unwrap(apiClient.GET('/api/critics/{id}/recommendations', { params: { path: { id: criticId } }, signal }));

export const getCriticRecommendationsQueryOptions = (criticId: number) =>
  fetchQueryOptions(['critics', 'recommendations', criticId], (signal) =>
    getCriticRecommendations(criticId, signal),
  );

export const useCriticRecommendations = (criticId: number | null) =>
  useQuery({ ...getCriticRecommendationsQueryOptions(criticId ?? 0), enabled: criticId !== null });
