import { CRITIC_BIO_MAX_LENGTH, CRITIC_EXPERTISE, NAME_MAX_LENGTH } from '@kinora/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { acceptFailureText, useAcceptInvitation } from '../api/critic-invitation';

const FIELD =
  'w-full rounded-xl border border-white/15 bg-white/5 px-4 py-2.5 text-sm text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none';

type Values = {
  firstName: string;
  lastName: string;
  bio: string;
  website: string;
  expertise: string[];
  twitter: string;
  instagram: string;
  linkedin: string;
  socialWebsite: string;
};
type Errors = Partial<Record<keyof Values, string>>;

const isUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** First name, last name and bio are required; websites, when given, must be http(s) URLs. */
export function validateCriticProfile(values: Values): Errors {
  const errors: Errors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required';
  if (!values.bio.trim()) errors.bio = 'Professional bio is required';
  if (values.website.trim() && !isUrl(values.website.trim())) errors.website = 'Website must be a valid URL';
  if (values.socialWebsite.trim() && !isUrl(values.socialWebsite.trim()))
    errors.socialWebsite = 'Website must be a valid URL';
  return errors;
}

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  bio: '',
  website: '',
  expertise: [],
  twitter: '',
  instagram: '',
  linkedin: '',
  socialWebsite: '',
};

/** The critic profile of an invitation; 'Creating Account...' while it is sent. */
export function CriticProfileForm({ token, onCreated }: { token: string; onCreated: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const accept = useAcceptInvitation();

  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const toggleExpertise = (genre: string) =>
    setValues((current) => ({
      ...current,
      expertise: current.expertise.includes(genre)
        ? current.expertise.filter((other) => other !== genre)
        : [...current.expertise, genre],
    }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCriticProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || accept.isPending) return;
    const optional = (text: string) => text.trim() || undefined;
    accept.mutate(
      {
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
      },
      { onSuccess: onCreated },
    );
  };

  const field = (key: keyof Values, label: string, input: ReactNode) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1.5 block text-sm font-medium text-fg-muted">
        {label}
      </label>
      {input}
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="mt-1 text-xs text-red-400">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );
  const text = (
    key: keyof Values,
    label: string,
    props: { type?: string; placeholder?: string; max?: number } = {},
  ) =>
    field(
      key,
      label,
      <input
        id={`${id}-${key}`}
        type={props.type ?? 'text'}
        value={values[key] as string}
        onChange={set(key)}
        placeholder={props.placeholder}
        maxLength={props.max}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        className={FIELD}
      />,
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Critic profile" className="mt-8 space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {text('firstName', 'First Name *', { max: NAME_MAX_LENGTH })}
        {text('lastName', 'Last Name *', { max: NAME_MAX_LENGTH })}
      </div>
      {field(
        'bio',
        'Professional Bio *',
        <textarea
          id={`${id}-bio`}
          value={values.bio}
          onChange={set('bio')}
          rows={4}
          maxLength={CRITIC_BIO_MAX_LENGTH}
          placeholder="Tell us about your background in film criticism..."
          aria-invalid={errors.bio ? true : undefined}
          className={FIELD}
        />,
      )}
      {text('website', 'Website', { type: 'url', placeholder: 'https://yourwebsite.com' })}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg-muted">Areas of Expertise</legend>
        <div className="flex flex-wrap gap-2">
          {CRITIC_EXPERTISE.map((genre) => {
            const chosen = values.expertise.includes(genre);
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
      {accept.isError ? (
        <p
          role="alert"
          className="rounded-xl border border-red-500/30 bg-red-500/10 px-4 py-3 text-sm text-red-300"
        >
          {acceptFailureText(accept.error)}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={accept.isPending} className="w-full">
        {accept.isPending ? 'Creating Account...' : 'Create Critic Account'}
      </Button>
    </form>
  );
}
