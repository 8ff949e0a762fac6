import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { WATCH_HISTORY_DEFAULT_LIMIT } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import type { WatchHistoryEntry } from '@/lib/api/types';

/** GET /api/analytics/history?limit&offset: the films the member watched, most recent first. */
export const getWatchHistory = (
  { limit, offset }: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<WatchHistoryEntry[]> =>
  unwrap(apiClient.GET('/api/analytics/history', { params: { query: { limit, offset } }, signal }));

/** Pages of WATCH_HISTORY_DEFAULT_LIMIT; a full page means there may be more. */
export const getWatchHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['watch-history'] as const,
    queryFn: ({ pageParam, signal }) =>
      getWatchHistory({ limit: WATCH_HISTORY_DEFAULT_LIMIT, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < WATCH_HISTORY_DEFAULT_LIMIT
        ? undefined
        : pages.reduce((count, page) => count + page.length, 0),
  });

export const useWatchHistory = ({ enabled }: { enabled: boolean }) =>
  useInfiniteQuery({ ...getWatchHistoryQueryOptions(), enabled });
