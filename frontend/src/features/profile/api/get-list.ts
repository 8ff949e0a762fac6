import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import type { ListEntry, ListType } from '@/lib/api/types';

/** GET /api/user/lists/{listType}: the member's list, newest first. */
export const getList = (listType: ListType, limit: number): Promise<ListEntry[]> =>
  unwrap(apiClient.GET('/api/user/lists/{listType}', { params: { path: { listType }, query: { limit } } }));

export const getListQueryOptions = (listType: ListType, limit: number) =>
  queryOptions({
    // Under the lists' own keys: a change anywhere (a My List button, a row) refreshes these too.
    queryKey: ['lists', listType, 'profile', limit] as const,
    queryFn: () => getList(listType, limit),
  });

export const useList = (listType: ListType, limit: number) => useQuery(getListQueryOptions(listType, limit));

/** Every list query (the profile's and every My List button's), to refresh after a change. */
export const listsKey = ['lists'] as const;
