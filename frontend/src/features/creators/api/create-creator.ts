import { CREATOR_BIO_MAX_LENGTH, CREATOR_WEBSITE_MAX_LENGTH } from '@kinora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { toast } from '@/hooks/use-toast';
import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { CreateCreatorInput, CreatorProfile } from '@/lib/api/types';
import type { ServerFieldMap } from '@/lib/server-errors';

import { getCreatorQueryOptions } from './get-creator';
import { getCreatorsQueryOptions } from './get-creators';

export type { CreateCreatorInput };

/**
 * The creator profile step (docs/catalog.md): a bio of at most CREATOR_BIO_MAX_LENGTH characters,
 * an optional website and handles; the server checks the website and handles' shapes and its 400
 * is shown beside the field.
 */
export const creatorProfileSchema = z.object({
  bio: z
    .string()
    .refine((text) => text.trim() !== '', 'bio is required')
    .refine(
      (text) => text.length <= CREATOR_BIO_MAX_LENGTH,
      `bio must be at most ${CREATOR_BIO_MAX_LENGTH} characters`,
    ),
  website: z
    .string()
    .refine(
      (text) => text.trim().length <= CREATOR_WEBSITE_MAX_LENGTH,
      `website must be at most ${CREATOR_WEBSITE_MAX_LENGTH} characters`,
    ),
  twitter: z.string(),
  instagram: z.string(),
  youtube: z.string(),
});

export type CreatorProfileFields = z.infer<typeof creatorProfileSchema>;

export const emptyCreatorProfile = (): CreatorProfileFields => ({
  bio: '',
  website: '',
  twitter: '',
  instagram: '',
  youtube: '',
});

/** The fields a 400 names ("website must be…", "socialLinks.twitter must be a handle…"). */
export const CREATOR_PROFILE_SERVER_FIELDS: ServerFieldMap<CreatorProfileFields> = {
  bio: 'bio',
  website: 'website',
  'socialLinks.twitter': 'twitter',
  'socialLinks.instagram': 'instagram',
  'socialLinks.youtube': 'youtube',
  twitter: 'twitter',
  instagram: 'instagram',
  youtube: 'youtube',
};

/** The creator signup payload: trimmed values, empty optional fields left out. */
export function toCreateCreatorInput(fields: CreatorProfileFields): CreateCreatorInput {
  const optional = (value: string) => value.trim() || undefined;
  const handle = (value: string) => optional(value)?.replace(/^@/, '');
  const socialLinks = {
    twitter: handle(fields.twitter),
    instagram: handle(fields.instagram),
    youtube: handle(fields.youtube),
  };
  const hasLinks = Object.values(socialLinks).some(Boolean);
  return {
    bio: fields.bio.trim(),
    website: optional(fields.website),
    socialLinks: hasLinks ? socialLinks : undefined,
  };
}

/** POST /api/creators {bio, website, socialLinks} → 201 the new profile; the two acceptance flags stay on the client. */
export const createCreator = (input: CreateCreatorInput): Promise<CreatorProfile> =>
  unwrap(apiClient.POST('/api/creators', { body: input }));

export const CREATE_CREATOR_FAILED = 'Failed to create creator profile. Please try again.';

/** The server's reason for a rejected profile (400 names the field, 409 an existing profile). */
export const createCreatorErrorMessage = (error: unknown): string | undefined =>
  serverMessageOf(error, [400, 409]);

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
    onError: toastFailure(CREATE_CREATOR_FAILED, createCreatorErrorMessage),
  });
}
