import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { USER_QUERY_KEY, useUser } from '@/features/auth/api/get-user';

/**
 * The signed-in user and whether they are a creator. The creator role reaches the session shortly
 * after onboarding, so a member without it is asked for again once.
 */
export function useCreatorRole() {
  const user = useUser();
  const queryClient = useQueryClient();
  const isCreator = user.data?.roles.includes('creator') ?? false;
  const signedIn = Boolean(user.data);
  useEffect(() => {
    if (signedIn && !isCreator) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [signedIn, isCreator, queryClient]);
  return { user, isCreator };
}
