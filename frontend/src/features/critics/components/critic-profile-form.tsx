import { zodResolver } from '@hookform/resolvers/zod';
import { CRITIC_BIO_MAX_LENGTH, CRITIC_EXPERTISE, NAME_MAX_LENGTH } from '@kinora/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Field, FormError, TextareaField } from '@/components/ui/form';
import { applyServerErrors } from '@/lib/server-errors';
import { cn } from '@/lib/utils';

import {
  acceptFailureText,
  CRITIC_PROFILE_SERVER_FIELDS,
  criticProfileSchema,
  emptyCriticProfile,
  toAcceptInvitationInput,
  useAcceptInvitation,
  type CriticProfileValues,
} from '../api/critic-invitation';

/** The critic profile of an invitation; 'Creating Account...' while it is sent. */
export function CriticProfileForm({ token, onCreated }: { token: string; onCreated: () => void }) {
  const id = useId();
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<CriticProfileValues>({
    resolver: zodResolver(criticProfileSchema),
    defaultValues: emptyCriticProfile(),
  });
  const { errors } = formState;
  const accept = useAcceptInvitation();
  const expertise = watch('expertise');

  const toggleExpertise = (genre: CriticProfileValues['expertise'][number]) =>
    setValue(
      'expertise',
      expertise.includes(genre) ? expertise.filter((other) => other !== genre) : [...expertise, genre],
    );

  const submit = handleSubmit((values) => {
    if (accept.isPending) return;
    accept.mutate(toAcceptInvitationInput(token, values), {
      onSuccess: onCreated,
      onError: (error) => {
        // A refused field is shown beside it; anything else as the form's message.
        if (
          applyServerErrors(error, setError, CRITIC_PROFILE_SERVER_FIELDS, { fallback: false }).length === 0
        )
          setError('root.server', { message: acceptFailureText(error) });
      },
    });
  });

  const text = (
    key: Exclude<keyof CriticProfileValues, 'expertise' | 'bio'>,
    label: string,
    props: { type?: string; placeholder?: string; maxLength?: number } = {},
  ) => <Field id={`${id}-${key}`} label={label} error={errors[key]?.message} {...props} {...register(key)} />;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Critic profile"
      className="mt-8 space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {text('firstName', 'First Name *', { maxLength: NAME_MAX_LENGTH })}
        {text('lastName', 'Last Name *', { maxLength: NAME_MAX_LENGTH })}
      </div>
      <TextareaField
        id={`${id}-bio`}
        label="Professional Bio *"
        error={errors.bio?.message}
        rows={4}
        maxLength={CRITIC_BIO_MAX_LENGTH}
        placeholder="Tell us about your background in film criticism..."
        {...register('bio')}
      />
      {text('website', 'Website', { type: 'url', placeholder: 'https://yourwebsite.com' })}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg-muted">Areas of Expertise</legend>
        <div className="flex flex-wrap gap-2">
          {CRITIC_EXPERTISE.map((genre) => {
            const chosen = expertise.includes(genre);
            return (
              <button
                key={genre}
                type="button"
                aria-pressed={chosen}
                onClick={() => toggleExpertise(genre)}
                className={cn(
                  'rounded-full border px-3 py-1 text-xs font-semibold transition-colors',
                  chosen
                    ? 'border-accent bg-accent text-accent-fg'
                    : 'border-white/15 text-fg-muted hover:text-fg',
                )}
              >
                {genre}
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-fg-muted">Social Links (optional)</legend>
        {text('twitter', 'Twitter', { placeholder: '@username' })}
        {text('instagram', 'Instagram', { placeholder: '@username' })}
        {text('linkedin', 'LinkedIn', { placeholder: 'linkedin.com/in/username' })}
        {text('socialWebsite', 'Portfolio Website', { type: 'url', placeholder: 'https://...' })}
      </fieldset>
      <FormError message={errors.root?.server?.message} className="border border-red-500/30" />
      <Button type="submit" size="lg" disabled={accept.isPending} className="w-full">
        {accept.isPending ? 'Creating Account...' : 'Create Critic Account'}
      </Button>
    </form>
  );
}
