import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

import { LOGOUT_REDIRECT_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { apiClient, unwrap } from '@/lib/api-client';

import { getUserQueryOptions } from './get-user';

/** POST /api/auth/logout; only the OK status is checked. */
export const logout = async (): Promise<void> => {
  await unwrap(apiClient.POST('/api/auth/logout'));
};

/**
 * Sign Out: success clears the cached user, shows 'Logged out' and returns to / after
 * 500 ms; failure shows 'Logout failed'.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const userQuery = getUserQueryOptions();

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const userHash = hashKey(userQuery.queryKey);
  const notTheUser = (query: { queryHash: string }) => query.queryHash !== userHash;

  return useMutation({
    mutationFn: logout,
    // A signed-in read still in flight would reach the server after the session ends and come
    // back 401; abort it before the session is ended.
    onMutate: () => queryClient.cancelQueries({ predicate: notTheUser }),
    onSuccess: async () => {
      // A user fetch still in flight must not put the old user back.
      await queryClient.cancelQueries({ queryKey: userQuery.queryKey });
      queryClient.setQueryData(userQuery.queryKey, null);
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(() => {
        navigate(paths.landing);
        // Drop what the signed-in user had loaded (lists, follow state...) without refetching it now.
        queryClient.removeQueries({ predicate: notTheUser });
      }, LOGOUT_REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      console.warn('[auth] logout failed', error);
      toast({ title: 'Logout failed', variant: 'destructive' });
    },
  });
}
