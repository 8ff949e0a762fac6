import { useQuery } from '@tanstack/react-query';

import { ADMIN_ANALYTICS_REFRESH_MS } from '@kinora/contracts';

import { AD_OPTIMIZATIONS_SHOWN } from '@/config/constants';
import { apiClient, unwrap } from '@/lib/api-client';
import { pollingQueryOptions } from '@/lib/query';
import type { AdOptimization } from '@/lib/api/types';

/** GET /api/ads/optimizations?limit: what pacing and caps did lately, newest first (admins only). */
export const getAdOptimizations = (limit: number, signal?: AbortSignal): Promise<AdOptimization[]> =>
  unwrap(apiClient.GET('/api/ads/optimizations', { params: { query: { limit } }, signal }));

/** Asked again every ADMIN_ANALYTICS_REFRESH_MS, like the dashboard's other figures. */
export const getAdOptimizationsQueryOptions = (limit: number = AD_OPTIMIZATIONS_SHOWN) =>
  pollingQueryOptions(
    ['admin', 'ads', 'optimizations', limit],
    (signal) => getAdOptimizations(limit, signal),
    ADMIN_ANALYTICS_REFRESH_MS,
  );

export const useAdOptimizations = () => useQuery(getAdOptimizationsQueryOptions());
