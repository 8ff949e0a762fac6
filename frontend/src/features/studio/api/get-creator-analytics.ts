import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { CREATOR_ANALYTICS_REFRESH_MS, type AnalyticsRangeDays } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import { pollingQueryOptions } from '@/lib/query';
import type { CreatorAnalytics, StudioFilm } from '@/lib/api/types';

/** GET /api/analytics/creator/{id}?days: the creator's figures (that creator and admins only). */
export const getCreatorAnalytics = (
  creatorId: number,
  days: AnalyticsRangeDays,
  signal?: AbortSignal,
): Promise<CreatorAnalytics> =>
  unwrap(
    apiClient.GET('/api/analytics/creator/{id}', {
      params: { path: { id: creatorId }, query: { days } },
      signal,
    }),
  );

/** Asked again every CREATOR_ANALYTICS_REFRESH_MS while shown. */
export const getCreatorAnalyticsQueryOptions = (creatorId: number, days: AnalyticsRangeDays) =>
  pollingQueryOptions(
    ['analytics', 'creator', creatorId, days],
    (signal) => getCreatorAnalytics(creatorId, days, signal),
    CREATOR_ANALYTICS_REFRESH_MS,
  );

/**
 * The creator's figures. Nothing is asked until the creator's id is known; a new range keeps the
 * previous figures on screen while it loads.
 */
export const useCreatorAnalytics = (creatorId: number | null, days: AnalyticsRangeDays) =>
  useQuery({
    ...getCreatorAnalyticsQueryOptions(creatorId ?? 0, days),
    enabled: creatorId !== null,
    placeholderData: keepPreviousData,
  });

/**
 * The signed-in creator's id, read from their own films (each names its creator): the API has no
 * "my creator profile" call, so a creator without films has no id here yet.
 */
export const creatorIdOf = (films: StudioFilm[] | undefined): number | null => films?.[0]?.creator.id ?? null;
