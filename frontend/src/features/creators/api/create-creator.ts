import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/unauthorized';
import type { CreateCreatorInput, CreatorProfile } from '@/lib/api/types';

import { getCreatorQueryOptions } from './get-creator';
import { getCreatorsQueryOptions } from './get-creators';

export type { CreateCreatorInput };

/** POST /api/creators {bio, website, socialLinks} → 201 the new profile; the two acceptance flags stay on the client. */
export const createCreator = (input: CreateCreatorInput): Promise<CreatorProfile> =>
  unwrap(apiClient.POST('/api/creators', { body: input }));

export const CREATE_CREATOR_FAILED = 'Failed to create creator profile. Please try again.';

/** The server's reason for a rejected profile (400 names the field, 409 an existing profile). */
export function createCreatorErrorMessage(error: unknown): string | undefined {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 409)) return undefined;
  return error.serverMessage;
}

type UseCreateCreatorOptions = { onSuccess?: (creator: CreatorProfile) => void };

/**
 * Creates the signed-in user's creator profile: success toasts 'Welcome to the product!
 * Your creator profile has been created successfully.'; failure 'Failed to create creator profile.
 * Please try again.' with the server's reason for a 400 or 409; a 401 goes through handleUnauthorized.
 */
export function useCreateCreator({ onSuccess }: UseCreateCreatorOptions = {}) {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: createCreator,
    onSuccess: async (creator) => {
      queryClient.setQueryData(getCreatorQueryOptions(creator.id).queryKey, creator);
      await queryClient.invalidateQueries({ queryKey: getCreatorsQueryOptions().queryKey });
      toast({
        title: 'Welcome to the product!',
        description: 'Your creator profile has been created successfully.',
      });
      onSuccess?.(creator);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({
        title: CREATE_CREATOR_FAILED,
        description: createCreatorErrorMessage(error),
        variant: 'destructive',
      });
    },
  });
}
