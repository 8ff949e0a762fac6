import { useMutation } from '@tanstack/react-query';

import { api, isApiError } from '@/lib/api-client';

export type JoinWaitlistInput = { email: string };

/** POST /api/waitlist {email} → 201; 409 when the address is already on the list. */
export const joinWaitlist = ({ email }: JoinWaitlistInput): Promise<{ message: string }> =>
  api.post<{ message: string }>('/api/waitlist', { email });

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
