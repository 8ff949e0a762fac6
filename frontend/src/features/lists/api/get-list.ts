import { queryOptions, useQuery } from '@tanstack/react-query';

import { LIST_LIMIT_MAX } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
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
  queryOptions({
    queryKey: ['lists', listType] as const,
    queryFn: ({ signal }) => getList(listType, signal),
  });

export const useList = (listType: ListType, { enabled }: { enabled: boolean }) =>
  useQuery({ ...getListQueryOptions(listType), enabled });
