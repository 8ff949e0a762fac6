import { useMutation } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import type { InvitationSent } from '@/lib/api/types';

/** POST /api/critics/invitations {email}: admins only; the invitation link is mailed. */
export const inviteCritic = (email: string): Promise<InvitationSent> =>
  unwrap(apiClient.POST('/api/critics/invitations', { body: { email } }));

/** 'Invitation sent' naming the address, else 'Failed to send invitation' with the server's reason. */
export const useInviteCritic = () =>
  useMutation({
    mutationFn: inviteCritic,
    onSuccess: (sent) =>
      toast({ title: 'Invitation sent', description: `A sign-up link was mailed to ${sent.email}.` }),
    onError: (error) =>
      toast({
        title: 'Failed to send invitation',
        description: isApiError(error) ? error.serverMessage : 'Network error. Please try again.',
        variant: 'destructive',
      }),
  });
