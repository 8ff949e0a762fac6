import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { FOLLOWER_COUNT_REFRESH_DELAY_MS } from '@/config/constants';
import { toast } from '@/hooks/use-toast';
import { apiClient, unwrap } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/unauthorized';
import type { Creator, FollowedCreators, FollowResult } from '@/lib/api/types';

import { getMyFollowsQueryOptions } from './get-my-follows';

/**
 * Where the follow was pressed: a creator card calls POST /api/creators/{id}/follow and /unfollow,
 * the creator page POST and DELETE /api/follow/{id}. Both answer the same.
 */
export type FollowSource = 'card' | 'page';

export function setFollow(creatorId: number, follow: boolean, source: FollowSource): Promise<FollowResult> {
  const params = { params: { path: { id: creatorId } } };
  if (source === 'page') {
    return unwrap(
      follow ? apiClient.POST('/api/follow/{id}', params) : apiClient.DELETE('/api/follow/{id}', params),
    );
  }
  return unwrap(
    follow
      ? apiClient.POST('/api/creators/{id}/follow', params)
      : apiClient.POST('/api/creators/{id}/unfollow', params),
  );
}

type ToggleFollow = { creatorId: number; follow: boolean; source: FollowSource };

const withCreator = (ids: number[], creatorId: number, follow: boolean) =>
  follow ? [creatorId, ...ids.filter((id) => id !== creatorId)] : ids.filter((id) => id !== creatorId);

/** Shows the answer's follower count on every cached copy of the creator (list and profile). */
function applyFollowerCount(queryClient: QueryClient, { creatorId, followerCount }: FollowResult) {
  const update = <T extends Pick<Creator, 'id' | 'followerCount' | '_count'>>(creator: T): T =>
    creator.id === creatorId
      ? { ...creator, followerCount, _count: { ...creator._count, followers: followerCount } }
      : creator;
  queryClient.setQueriesData<Creator[]>({ queryKey: ['creators', 'list'] }, (list) => list?.map(update));
  queryClient.setQueriesData<Creator>({ queryKey: ['creators', 'detail', creatorId] }, (creator) =>
    creator ? update(creator) : creator,
  );
}

/**
 * Follows or unfollows a creator for the signed-in member. The button changes at once and goes back
 * if the call fails ('Failed to update follow status'); success toasts 'Following creator' or
 * 'Unfollowed creator' and refreshes the follower counts; a 401 goes through handleUnauthorized.
 */
export function useFollowCreator() {
  const queryClient = useQueryClient();
  const followsKey = getMyFollowsQueryOptions().queryKey;

  return useMutation<FollowResult, Error, ToggleFollow, { previous?: FollowedCreators }>({
    mutationFn: ({ creatorId, follow, source }) => setFollow(creatorId, follow, source),
    onMutate: async ({ creatorId, follow }) => {
      await queryClient.cancelQueries({ queryKey: followsKey });
      const previous = queryClient.getQueryData(followsKey);
      queryClient.setQueryData(followsKey, {
        creatorIds: withCreator(previous?.creatorIds ?? [], creatorId, follow),
      });
      return { previous };
    },
    onSuccess: (result) => {
      toast({ title: result.isFollowing ? 'Following creator' : 'Unfollowed creator' });
      applyFollowerCount(queryClient, result);
      // The catalog's counts arrive by event, a moment after the call: refetch once they have.
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: ['creators'] }),
        FOLLOWER_COUNT_REFRESH_DELAY_MS,
      );
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(followsKey, context.previous);
      else queryClient.removeQueries({ queryKey: followsKey, exact: true });
      console.warn('[follows] could not update the follow', error);
      if (handleUnauthorized(error)) return;
      toast({ title: 'Failed to update follow status', variant: 'destructive' });
    },
  });
}
