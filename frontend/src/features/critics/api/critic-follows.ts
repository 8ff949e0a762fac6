import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions, useToastedMutation } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';
import type { CriticFollowResult } from '@/lib/api/types';

/** GET /api/critics/following: the ids of the critics the signed-in member follows; null for a visitor. */
export const getFollowedCritics = async (signal?: AbortSignal): Promise<number[] | null> =>
  (await unwrap(apiClient.GET('/api/critics/following', { signal }), { on401: 'returnNull' }))?.criticIds ??
  null;

export const getFollowedCriticsQueryOptions = () =>
  fetchQueryOptions(['critics', 'following'], getFollowedCritics);

/** Asked for only when `enabled`; resolves to null for a visitor. */
export const useFollowedCritics = (enabled = true) =>
  useQuery({ ...getFollowedCriticsQueryOptions(), enabled });

/** POST /api/critics/{id}/follow or /unfollow. */
export const setCriticFollow = (criticId: number, follow: boolean): Promise<CriticFollowResult> =>
  unwrap(
    apiClient.POST(follow ? '/api/critics/{id}/follow' : '/api/critics/{id}/unfollow', {
      params: { path: { id: criticId } },
    }),
  );

/**
 * Follows or unfollows a critic: 'Following critic' or 'Unfollowed critic', else 'Failed to update
 * follow status'; a 401 goes through handleUnauthorized. The followed ids and the critics list
 * (follower counts) are refreshed after.
 */
export function useSetCriticFollow() {
  return useToastedMutation({
    mutationFn: ({ criticId, follow }: { criticId: number; follow: boolean }) =>
      setCriticFollow(criticId, follow),
    success: (result) => (result.isFollowing ? 'Following critic' : 'Unfollowed critic'),
    invalidates: [getFollowedCriticsQueryOptions().queryKey, ['critics', 'list']],
    onError: toastFailure('Failed to update follow status'),
  });
}
