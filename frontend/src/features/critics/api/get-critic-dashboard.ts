import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { CriticDashboard } from '@/lib/api/types';

/** GET /api/critics/dashboard: critics only (401 visitors, 403 everyone else). */
export const getCriticDashboard = (signal?: AbortSignal): Promise<CriticDashboard> =>
  unwrap(apiClient.GET('/api/critics/dashboard', { signal }));

export const getCriticDashboardQueryOptions = () =>
  fetchQueryOptions(['critics', 'dashboard'], getCriticDashboard);

/** `enabled` false for visitors: the film page asks only signed-in members whether they are critics. */
export const useCriticDashboard = (enabled = true) =>
  useQuery({ ...getCriticDashboardQueryOptions(), enabled });
