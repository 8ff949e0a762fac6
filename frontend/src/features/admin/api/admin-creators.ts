import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { pageQueryOptions } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';
import type { AdminCreator, AdminCreatorsQuery } from '@/lib/api/types';

/** GET /api/admin/creators: every creator, suspended ones too, newest first. */
export const getAdminCreators = (query: AdminCreatorsQuery, signal?: AbortSignal): Promise<AdminCreator[]> =>
  unwrap(apiClient.GET('/api/admin/creators', { params: { query }, signal }));

export const ADMIN_CREATORS_KEY = ['admin', 'creators'] as const;

export const getAdminCreatorsQueryOptions = (query: AdminCreatorsQuery) =>
  pageQueryOptions([...ADMIN_CREATORS_KEY, query], (signal) => getAdminCreators(query, signal));

export const useAdminCreators = (query: AdminCreatorsQuery) => useQuery(getAdminCreatorsQueryOptions(query));

/** What an admin does to a creator: each answers the creator as the list shows it. */
export type CreatorAction =
  | { creatorId: number; kind: 'verify' | 'unverify' | 'unsuspend' }
  | { creatorId: number; kind: 'suspend'; reason: string };

/**
 * PUT/DELETE /api/admin/creators/{id}/verification, POST (with a reason) and DELETE
 * /api/admin/creators/{id}/suspension.
 */
export function changeCreator(action: CreatorAction): Promise<AdminCreator> {
  const params = { params: { path: { id: action.creatorId } } };
  switch (action.kind) {
    case 'verify':
      return unwrap(apiClient.PUT('/api/admin/creators/{id}/verification', params));
    case 'unverify':
      return unwrap(apiClient.DELETE('/api/admin/creators/{id}/verification', params));
    case 'suspend':
      return unwrap(
        apiClient.POST('/api/admin/creators/{id}/suspension', { ...params, body: { reason: action.reason } }),
      );
    case 'unsuspend':
      return unwrap(apiClient.DELETE('/api/admin/creators/{id}/suspension', params));
  }
}

/**
 * 'Success - Creator updated', or 'Error' with the reason of a 404 or 409, else 'Failed to update
 * creator' (a 401 goes through handleUnauthorized). The list is fetched again either way: a 409
 * means another admin acted first.
 */
export function useChangeCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCreator,
    onSuccess: () => {
      toast({ title: 'Success', description: 'Creator updated' });
    },
    onError: toastFailure(
      'Error',
      (error) => serverMessageOf(error, [404, 409]) ?? 'Failed to update creator',
    ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_CREATORS_KEY }),
  });
}
