import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import type { User } from '@/lib/api/types';

export const USER_QUERY_KEY = ['auth', 'user'] as const;

/**
 * GET /api/auth/user. A 401 or any failure means anonymous (null); failures are logged only.
 */
export async function getUser(): Promise<User | null> {
  try {
    return (await unwrap(apiClient.GET('/api/auth/user'), { on401: 'returnNull' })) ?? null;
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
