import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import type { AcceptInvitationInput, CriticInvitation, InvitationAccepted } from '@/lib/api/types';

/** GET /api/critics/invitation/{token}: the invited address; 404/410 when unknown, used or expired. */
export const getInvitation = (token: string, signal?: AbortSignal): Promise<CriticInvitation> =>
  unwrap(apiClient.GET('/api/critics/invitation/{token}', { params: { path: { token } }, signal }));

export const getInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['critics', 'invitation', token] as const,
    queryFn: ({ signal }) => getInvitation(token, signal),
  });

export const useInvitation = (token: string | null) =>
  useQuery({ ...getInvitationQueryOptions(token ?? ''), enabled: Boolean(token) });

/** POST /api/critics/accept-invitation {token, userData}; needs no session. */
export const acceptInvitation = (input: AcceptInvitationInput): Promise<InvitationAccepted> =>
  unwrap(apiClient.POST('/api/critics/accept-invitation', { body: input }));

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });

/**
 * The text shown when accepting fails: the server's `error` field, else 'Failed to create critic
 * account'; a failure without any answer is 'Network error. Please try again.'
 */
export function acceptFailureText(error: unknown): string {
  if (!isApiError(error)) return 'Network error. Please try again.';
  return error.serverError ?? 'Failed to create critic account';
}

/** The invitation check's failure text: a refused token, or no answer at all. */
export const invitationFailureText = (error: unknown): string =>
  isApiError(error) ? 'Invalid or expired invitation' : 'Failed to validate invitation';
