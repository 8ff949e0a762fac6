import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CRITIC_BIO_MAX_LENGTH,
  CRITIC_EXPERTISE,
  CRITIC_LINK_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from '@kinora/contracts';
import { z } from 'zod';

import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { AcceptInvitationInput, CriticInvitation, InvitationAccepted } from '@/lib/api/types';
import type { ServerFieldMap } from '@/lib/server-errors';

/** GET /api/critics/invitation/{token}: the invited address; 404/410 when unknown, used or expired. */
export const getInvitation = (token: string, signal?: AbortSignal): Promise<CriticInvitation> =>
  unwrap(apiClient.GET('/api/critics/invitation/{token}', { params: { path: { token } }, signal }));

export const getInvitationQueryOptions = (token: string) =>
  fetchQueryOptions(['critics', 'invitation', token], (signal) => getInvitation(token, signal));

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

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

const required = (message: string, max: number, tooLong: string) =>
  z
    .string()
    .refine((text) => text.trim() !== '', message)
    .refine((text) => text.trim().length <= max, tooLong);

const link = (name: string) =>
  z.string().refine((text) => text.trim().length <= CRITIC_LINK_MAX_LENGTH, {
    message: `${name} must be at most ${CRITIC_LINK_MAX_LENGTH} characters`,
  });

const optionalUrl = link('website').refine((text) => !text.trim() || isHttpUrl(text.trim()), {
  message: 'Website must be a valid URL',
});

/** The critic profile of an invitation: names and bio required, websites (when given) http(s) URLs. */
export const criticProfileSchema = z.object({
  firstName: required(
    'First name is required',
    NAME_MAX_LENGTH,
    `firstName must be at most ${NAME_MAX_LENGTH} characters`,
  ),
  lastName: required(
    'Last name is required',
    NAME_MAX_LENGTH,
    `lastName must be at most ${NAME_MAX_LENGTH} characters`,
  ),
  bio: required(
    'Professional bio is required',
    CRITIC_BIO_MAX_LENGTH,
    `bio must be at most ${CRITIC_BIO_MAX_LENGTH} characters`,
  ),
  website: optionalUrl,
  expertise: z.array(z.enum(CRITIC_EXPERTISE)),
  twitter: link('twitter'),
  instagram: link('instagram'),
  linkedin: link('linkedin'),
  socialWebsite: optionalUrl,
});

export type CriticProfileValues = z.infer<typeof criticProfileSchema>;

export const emptyCriticProfile = (): CriticProfileValues => ({
  firstName: '',
  lastName: '',
  bio: '',
  website: '',
  expertise: [],
  twitter: '',
  instagram: '',
  linkedin: '',
  socialWebsite: '',
});

/** The fields a 400 of accept-invitation names ("firstName is required", "twitter must be…"). */
export const CRITIC_PROFILE_SERVER_FIELDS: ServerFieldMap<CriticProfileValues> = {
  firstName: 'firstName',
  lastName: 'lastName',
  bio: 'bio',
  website: 'website',
  expertise: 'expertise',
  twitter: 'twitter',
  instagram: 'instagram',
  linkedin: 'linkedin',
};

/** accept-invitation's body: trimmed, empty optional fields left out, expertise in the list's order. */
export function toAcceptInvitationInput(token: string, values: CriticProfileValues): AcceptInvitationInput {
  const optional = (text: string) => text.trim() || undefined;
  return {
    token,
    userData: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      bio: values.bio.trim(),
      website: optional(values.website),
      expertise: CRITIC_EXPERTISE.filter((genre) => values.expertise.includes(genre)),
      socialLinks: {
        twitter: optional(values.twitter),
        instagram: optional(values.instagram),
        linkedin: optional(values.linkedin),
        website: optional(values.socialWebsite),
      },
    },
  };
}
