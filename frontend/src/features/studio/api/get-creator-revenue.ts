import { useQuery } from '@tanstack/react-query';

import { CREATOR_ANALYTICS_REFRESH_MS } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import { pollingQueryOptions } from '@/lib/query';
import type { paths } from '@/lib/api/schema.gen';
import type { CreatorRevenue } from '@/lib/api/types';

/**
 * GET /api/analytics/creator/{id}/revenue: the creator's share of the ad revenue, all-time totals,
 * the last 12 months (newest first) and every film (that creator and admins only).
 */
export const getCreatorRevenue = (creatorId: number, signal?: AbortSignal): Promise<CreatorRevenue> =>
  unwrap(
    apiClient.GET('/api/analytics/creator/{id}/revenue', { params: { path: { id: creatorId } }, signal }),
  );

/** Asked again every CREATOR_ANALYTICS_REFRESH_MS while shown, like the other figures. */
export const getCreatorRevenueQueryOptions = (creatorId: number) =>
  pollingQueryOptions(
    ['analytics', 'creator', creatorId, 'revenue'],
    (signal) => getCreatorRevenue(creatorId, signal),
    CREATOR_ANALYTICS_REFRESH_MS,
  );

/** The creator's revenue; nothing is asked until their id is known. */
export const useCreatorRevenue = (creatorId: number | null) =>
  useQuery({ ...getCreatorRevenueQueryOptions(creatorId ?? 0), enabled: creatorId !== null });

const STATEMENT_PATH = '/api/analytics/creator/{id}/revenue.csv' satisfies keyof paths;

/**
 * GET /api/analytics/creator/{id}/revenue.csv: the revenue statement as a CSV attachment, a plain
 * link the browser downloads with the session cookie.
 */
export const creatorRevenueStatementUrl = (creatorId: number): string =>
  STATEMENT_PATH.replace('{id}', encodeURIComponent(String(creatorId)));
