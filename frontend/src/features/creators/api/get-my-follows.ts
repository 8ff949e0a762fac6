import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { FollowedCreators } from '@/lib/api/types';

/** GET /api/user/follows → the creators the signed-in member follows (signed-in only). */
export const getMyFollows = (signal?: AbortSignal): Promise<FollowedCreators> =>
  unwrap(apiClient.GET('/api/user/follows', { signal }));

/** Fetched once per session and shared by every follow button and home's Following row. */
export const getMyFollowsQueryOptions = () => fetchQueryOptions(['follows', 'mine'], getMyFollows);

export const useMyFollows = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getMyFollowsQueryOptions(), enabled });
