import { NAME_MAX_LENGTH } from '@kinora/contracts';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import type { User } from '@/lib/api/types';

import { AVATAR_TYPES, avatarProblem, useUpdateProfile } from '../api/update-profile';

const inputClasses =
  'h-10 w-full rounded-lg border border-white/10 bg-white/5 px-3 text-sm text-fg focus:border-accent/70 focus-visible:outline-none';

type EditProfileFormProps = { user: User; onSaved: (user: User) => void; onCancel: () => void };

/** Edits the first and last name and uploads a new avatar picture. */
export function EditProfileForm({ user, onSaved, onCancel }: EditProfileFormProps) {
  const id = useId();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdateProfile({ onSaved });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem) return;
    save.mutate({ firstName: firstName.trim(), lastName: lastName.trim(), avatar });
  };

  return (
    <form
      aria-label="Edit Profile"
      onSubmit={onSubmit}
      className="grid gap-3 rounded-xl border border-white/10 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label htmlFor={`${id}-first`} className="grid gap-1 text-sm text-fg-muted">
          First name
          <input
            id={`${id}-first`}
            className={inputClasses}
            value={firstName}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="given-name"
            onChange={(event) => setFirstName(event.target.value)}
          />
        </label>
        <label htmlFor={`${id}-last`} className="grid gap-1 text-sm text-fg-muted">
          Last name
          <input
            id={`${id}-last`}
            className={inputClasses}
            value={lastName}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="family-name"
            onChange={(event) => setLastName(event.target.value)}
          />
        </label>
      </div>
      <label htmlFor={`${id}-avatar`} className="grid gap-1 text-sm text-fg-muted">
        Profile picture
        <input
          id={`${id}-avatar`}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          aria-describedby={problem ? `${id}-avatar-problem` : undefined}
          aria-invalid={problem ? true : undefined}
          className="text-sm text-fg-muted file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-3 file:py-1.5 file:text-fg"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setAvatar(file);
            setProblem(file ? avatarProblem(file) : null);
          }}
        />
      </label>
      {problem ? (
        <p id={`${id}-avatar-problem`} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending || Boolean(problem)}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
