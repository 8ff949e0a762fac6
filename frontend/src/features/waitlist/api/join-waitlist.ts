import { useMutation } from '@tanstack/react-query';

import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import type { JoinWaitlistInput, Message } from '@/lib/api/types';

/** POST /api/waitlist {email} → 201; 409 when the address is already on the list. */
export const joinWaitlist = ({ email }: JoinWaitlistInput): Promise<Message> =>
  unwrap(apiClient.POST('/api/waitlist', { body: { email } }));

export const WAITLIST_FALLBACK_ERROR = 'Something went wrong. Please try again.';

/**
 * 409 → "You're already on our waitlist!"; other failures → the server message or the
 * status text, else the fallback; network errors → the fallback.
 */
export function getWaitlistErrorMessage(error: unknown): string {
  if (!isApiError(error)) return WAITLIST_FALLBACK_ERROR;
  if (error.status === 409) return "You're already on our waitlist!";
  return error.serverMessage || error.statusText || WAITLIST_FALLBACK_ERROR;
}

export const useJoinWaitlist = () => useMutation({ mutationFn: joinWaitlist });
