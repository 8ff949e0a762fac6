import { useMutation } from '@tanstack/react-query';
import { AVATAR_MAX_BYTES, NAME_MAX_LENGTH } from '@kinora/contracts';
import { z } from 'zod';

import { toast } from '@/hooks/use-toast';
import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { User } from '@/lib/api/types';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_MAX_MB = AVATAR_MAX_BYTES / 1024 / 1024;

export type ProfileChanges = { firstName: string; lastName: string; avatar: File | null };

/** What is wrong with a chosen avatar file before it is sent, or null. */
export function avatarProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG, GIF or WebP image';
  if (file.size > AVATAR_MAX_BYTES) return `The image must be at most ${AVATAR_MAX_MB} MB`;
  return null;
}

/** The Edit Profile form: the names (at most NAME_MAX_LENGTH, the inputs stop there) and a picture. */
export const profileFormSchema = z.object({
  firstName: z.string().max(NAME_MAX_LENGTH),
  lastName: z.string().max(NAME_MAX_LENGTH),
  avatar: z
    .instanceof(File)
    .nullable()
    .superRefine((file, context) => {
      const problem = file ? avatarProblem(file) : null;
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    }),
});

export type ProfileFormValues = z.infer<typeof profileFormSchema>;

/** PATCH /api/auth/user with the names. */
export const updateNames = (firstName: string, lastName: string): Promise<User> =>
  unwrap(apiClient.PATCH('/api/auth/user', { body: { firstName, lastName } }));

/** POST /api/auth/user/avatar: the image itself is the body, with its own content type. */
export const uploadAvatar = (file: File): Promise<User> =>
  unwrap(
    apiClient.POST('/api/auth/user/avatar', {
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': file.type },
    }),
  );

/** Saves the names, then the avatar when one was chosen; answers the user after both. */
export async function saveProfile(changes: ProfileChanges): Promise<User> {
  let user = await updateNames(changes.firstName, changes.lastName);
  if (changes.avatar) user = await uploadAvatar(changes.avatar);
  return user;
}

/** Edit Profile: 'Profile updated', or 'Failed to update profile' with the server's reason. */
export function useUpdateProfile({ onSaved }: { onSaved: (user: User) => void }) {
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (user) => {
      toast({ title: 'Profile updated' });
      onSaved(user);
    },
    onError: toastFailure('Failed to update profile', serverMessageOf),
  });
}
