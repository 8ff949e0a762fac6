import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { pageQueryOptions } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';
import type { AdminAccount } from '@/lib/api/types';

import { AUDIT_KEY } from './audit-log';

type AccountsQuery = { q?: string; limit: number; offset: number };

/** GET /api/auth/users: accounts by a part of the email or names, newest sign-ups first. */
export const getAccounts = (query: AccountsQuery, signal?: AbortSignal): Promise<AdminAccount[]> =>
  unwrap(apiClient.GET('/api/auth/users', { params: { query }, signal }));

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export const useAccounts = (query: AccountsQuery) =>
  useQuery(pageQueryOptions([...ADMIN_USERS_KEY, query], (signal) => getAccounts(query, signal)));

/** What an admin does to an account. */
export type AccountAction =
  | { userId: string; kind: 'unsuspend' | 'end-sessions' }
  | { userId: string; kind: 'suspend'; reason: string }
  | { userId: string; kind: 'grant' | 'revoke'; role: 'creator' | 'critic' };

/**
 * POST (with a reason) and DELETE /api/auth/users/{userId}/suspension, PUT and DELETE
 * /api/auth/users/{userId}/roles/{role}, DELETE /api/auth/users/{userId}/sessions.
 */
export async function changeAccount(action: AccountAction): Promise<void> {
  const path = { userId: action.userId };
  switch (action.kind) {
    case 'suspend':
      await unwrap(
        apiClient.POST('/api/auth/users/{userId}/suspension', {
          params: { path },
          body: { reason: action.reason },
        }),
      );
      return;
    case 'unsuspend':
      await unwrap(apiClient.DELETE('/api/auth/users/{userId}/suspension', { params: { path } }));
      return;
    case 'grant':
      await unwrap(
        apiClient.PUT('/api/auth/users/{userId}/roles/{role}', {
          params: { path: { ...path, role: action.role } },
        }),
      );
      return;
    case 'revoke':
      await unwrap(
        apiClient.DELETE('/api/auth/users/{userId}/roles/{role}', {
          params: { path: { ...path, role: action.role } },
        }),
      );
      return;
    case 'end-sessions':
      await unwrap(apiClient.DELETE('/api/auth/users/{userId}/sessions', { params: { path } }));
      return;
  }
}

/** 'Success - User updated' or 'Error' with the server's reason; the list and the log are fetched again. */
export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccount,
    onSuccess: () => toast({ title: 'Success', description: 'User updated' }),
    onError: toastFailure('Error', (error) => serverMessageOf(error, [404, 409]) ?? 'Failed to update user'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
      ]),
  });
}
