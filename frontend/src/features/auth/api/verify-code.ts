import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import type { User, VerifyCodeInput } from '@/lib/api/types';

import { getUserQueryOptions } from './get-user';

/** POST /api/auth/verify-code {email, code} → the user, plus the session cookie. */
export const verifyCode = (input: VerifyCodeInput): Promise<User> =>
  unwrap(apiClient.POST('/api/auth/verify-code', { body: input }));

type UseVerifyCodeOptions = { onSuccess?: (user: User) => void };

/**
 * Verifies the code: success stores the user in the cache and toasts 'Welcome to the
 * product'; failure toasts 'Verification failed' with the server's `error` text, else 'Failed to verify code'.
 */
export function useVerifyCode({ onSuccess }: UseVerifyCodeOptions = {}) {
  const queryClient = useQueryClient();
  const userQuery = getUserQueryOptions();

  return useMutation({
    mutationFn: verifyCode,
    onSuccess: async (user) => {
      await queryClient.cancelQueries({ queryKey: userQuery.queryKey });
      queryClient.setQueryData(userQuery.queryKey, user);
      // Anything cached while anonymous (follow state, lists...) belongs to the old identity.
      const userHash = hashKey(userQuery.queryKey);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== userHash });
      toast({ title: 'Welcome to the product', description: 'You have successfully logged in' });
      onSuccess?.(user);
    },
    onError: (error) => {
      toast({
        title: 'Verification failed',
        description: (isApiError(error) && error.serverError) || 'Failed to verify code',
        variant: 'destructive',
      });
    },
  });
}
