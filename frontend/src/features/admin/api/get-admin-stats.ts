import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { AdminStats } from '@/lib/api/types';

/** GET /api/admin/stats: films awaiting review and open reports (admins only). */
export const getAdminStats = (signal?: AbortSignal): Promise<AdminStats> =>
  unwrap(apiClient.GET('/api/admin/stats', { signal }));

export const getAdminStatsQueryOptions = () => fetchQueryOptions(['admin', 'stats'], getAdminStats);

export const useAdminStats = () => useQuery(getAdminStatsQueryOptions());
