import { queryOptions, useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/api-client';

import { adminClient, type AdminStats } from './types';

/** GET /api/admin/stats: films awaiting review and open reports (admins only). */
export const getAdminStats = (signal?: AbortSignal): Promise<AdminStats> =>
  unwrap(adminClient.GET('/api/admin/stats', { signal }));

export const getAdminStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'stats'] as const,
    queryFn: ({ signal }) => getAdminStats(signal),
  });

export const useAdminStats = () => useQuery(getAdminStatsQueryOptions());
