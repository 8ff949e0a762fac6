import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import type { User } from '@/lib/api/types';

export const USER_QUERY_KEY = ['auth', 'user'] as const;

/**
 * GET /api/auth/session: the signed-in user, or null when anonymous (a 200 either way, so a
 * visitor's console shows no failed request). Any failure means anonymous too; it is logged only.
 */
export async function getUser(): Promise<User | null> {
  try {
    return (await unwrap(apiClient.GET('/api/auth/session'))).user;
  } catch (error) {
    console.warn('[auth] could not load the current user; continuing as anonymous', error);
    return null;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getUser,
  });

export const useUser = () => useQuery(getUserQueryOptions());
