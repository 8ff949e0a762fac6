import { useMutation } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import type { Message, SendCodeInput } from '@/lib/api/types';

/** POST /api/auth/send-code {email}; the same answer for known and unknown addresses. */
export const sendCode = ({ email }: SendCodeInput): Promise<Message> =>
  unwrap(apiClient.POST('/api/auth/send-code', { body: { email } }));

/**
 * Requests a sign-in code: success toasts 'Verification code sent'; failure toasts
 * 'Failed to send code' with the server's `error` text, else 'Failed to send verification code'.
 */
export function useSendCode() {
  return useMutation({
    mutationFn: sendCode,
    onSuccess: () => {
      toast({ title: 'Verification code sent', description: 'Check your email for the 6-digit code' });
    },
    onError: (error) => {
      toast({
        title: 'Failed to send code',
        description: (isApiError(error) && error.serverError) || 'Failed to send verification code',
        variant: 'destructive',
      });
    },
  });
}
