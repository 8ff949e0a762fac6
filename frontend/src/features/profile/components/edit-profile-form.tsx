import { zodResolver } from '@hookform/resolvers/zod';
import { NAME_MAX_LENGTH } from '@kinora/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { controlProps, Field, FieldFrame, FormFooter } from '@/components/ui/form';
import type { User } from '@/lib/api/types';

import {
  AVATAR_TYPES,
  avatarProblem,
  profileFormSchema,
  useUpdateProfile,
  type ProfileFormValues,
} from '../api/update-profile';

type EditProfileFormProps = { user: User; onSaved: (user: User) => void; onCancel: () => void };

/** Edits the first and last name and uploads a new avatar picture. */
export function EditProfileForm({ user, onSaved, onCancel }: EditProfileFormProps) {
  const id = useId();
  const { register, handleSubmit, setValue, setError, clearErrors, formState } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '', avatar: null },
  });
  const save = useUpdateProfile({ onSaved });
  const problem = formState.errors.avatar?.message;

  const onSubmit = handleSubmit((values) =>
    save.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      avatar: values.avatar,
    }),
  );

  return (
    <form
      aria-label="Edit Profile"
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 rounded-xl border border-white/10 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={`${id}-first`}
          label="First name"
          maxLength={NAME_MAX_LENGTH}
          autoComplete="given-name"
          {...register('firstName')}
        />
        <Field
          id={`${id}-last`}
          label="Last name"
          maxLength={NAME_MAX_LENGTH}
          autoComplete="family-name"
          {...register('lastName')}
        />
      </div>
      <FieldFrame id={`${id}-avatar`} label="Profile picture" error={problem} announceError>
        <input
          {...controlProps(`${id}-avatar`, { error: problem })}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="block text-sm text-fg-muted file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-3 file:py-1.5 file:text-fg"
          onChange={(event) => {
            // Checked as soon as it is picked: Save stays off while the picture cannot be sent.
            const file = event.target.files?.[0] ?? null;
            setValue('avatar', file);
            const found = file ? avatarProblem(file) : null;
            if (found) setError('avatar', { type: 'validate', message: found });
            else clearErrors('avatar');
          }}
        />
      </FieldFrame>
      <FormFooter align="start" compact>
        <Button type="submit" size="sm" disabled={save.isPending || Boolean(problem)}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </FormFooter>
    </form>
  );
}
