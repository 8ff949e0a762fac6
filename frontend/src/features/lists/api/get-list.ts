import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { LIST_LIMIT_MAX } from '@kinora/contracts';

import { CONTINUE_WATCHING_REFRESH_DELAY_MS } from '@/config/constants';
import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { ListEntry, ListType } from '@/lib/api/types';

/** GET /api/user/lists/{listType} → the signed-in member's own entries, newest first. */
export const getList = (listType: ListType, signal?: AbortSignal): Promise<ListEntry[]> =>
  unwrap(
    apiClient.GET('/api/user/lists/{listType}', {
      params: { path: { listType }, query: { limit: LIST_LIMIT_MAX } },
      signal,
    }),
  );

/** One query per list, shared by every My List button and row. */
export const getListQueryOptions = (listType: ListType) =>
  fetchQueryOptions(['lists', listType], (signal) => getList(listType, signal));

export const useList = (listType: ListType, { enabled }: { enabled: boolean }) =>
  useQuery({ ...getListQueryOptions(listType), enabled });

/**
 * Where the member stopped watching a film, in seconds, from their Continue Watching (null when
 * it is not there or not started): the film page's Resume.
 */
export function useResumePosition(filmId: number, { enabled }: { enabled: boolean }): number | null {
  const entries = useList('continue_watching', { enabled });
  const progress = entries.data?.find((entry) => entry.filmId === filmId)?.progressSeconds ?? 0;
  return progress > 0 ? progress : null;
}

/**
 * Fetches Continue Watching again a little after the player closed: the session's last progress
 * reaches the list by an event (CONTINUE_WATCHING_REFRESH_DELAY_MS).
 */
export function useRefreshContinueWatching() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    setTimeout(
      () =>
        void queryClient.invalidateQueries({ queryKey: getListQueryOptions('continue_watching').queryKey }),
      CONTINUE_WATCHING_REFRESH_DELAY_MS,
    );
  }, [queryClient]);
}

/**
 * The watch history was cleared: Continue Watching is empty at once here, and fetched again once
 * social has emptied it too (it does so from analytics' event).
 */
export function useEmptyContinueWatching() {
  const queryClient = useQueryClient();
  const refresh = useRefreshContinueWatching();
  return useCallback(() => {
    queryClient.setQueriesData<ListEntry[]>(
      { queryKey: getListQueryOptions('continue_watching').queryKey },
      (entries) => (entries ? [] : entries),
    );
    refresh();
  }, [queryClient, refresh]);
}
