import { useQuery } from '@tanstack/react-query';

import { ADMIN_ANALYTICS_REFRESH_MS, type AnalyticsRangeDays } from '@kinora/contracts';

import { ADMIN_ANALYTICS_DAYS } from '@/config/constants';
import { apiClient, unwrap } from '@/lib/api-client';
import { pollingQueryOptions } from '@/lib/query';
import type { PlatformAnalytics } from '@/lib/api/types';

/** GET /api/analytics/admin?days: platform figures, costs, growth and top performers (admins only). */
export const getPlatformAnalytics = (
  days: AnalyticsRangeDays,
  signal?: AbortSignal,
): Promise<PlatformAnalytics> =>
  unwrap(apiClient.GET('/api/analytics/admin', { params: { query: { days } }, signal }));

/** One query for the Overview, Analytics and Revenue tabs, asked again every ADMIN_ANALYTICS_REFRESH_MS. */
export const getPlatformAnalyticsQueryOptions = (days: AnalyticsRangeDays = ADMIN_ANALYTICS_DAYS) =>
  pollingQueryOptions(
    ['admin', 'analytics', days],
    (signal) => getPlatformAnalytics(days, signal),
    ADMIN_ANALYTICS_REFRESH_MS,
  );

export const usePlatformAnalytics = () => useQuery(getPlatformAnalyticsQueryOptions());
