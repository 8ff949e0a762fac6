import { CREATOR_BIO_MAX_LENGTH } from '@kinora/contracts';
import { ArrowLeft, ArrowRight, Instagram, Twitter, Youtube, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { controlProps, Field, FieldError, FormFooter, INPUT_CLASS } from '@/components/ui/form';
import { cn } from '@/lib/utils';

import type { OnboardingValues } from './onboarding-form';
import { StepHeading } from './step-heading';

const optional = <span className="font-normal text-fg-subtle">(optional)</span>;

/**
 * Step 2: the bio (required, counted to CREATOR_BIO_MAX_LENGTH), the website and three handles.
 * Continue stays off while the bio is blank. A field the server refused comes back here with its
 * reason, announced.
 */
export function ProfileStep({ onBack, onNext }: { onBack: () => void; onNext: () => void }) {
  const { register, watch, handleSubmit, formState } = useFormContext<OnboardingValues>();
  const { errors } = formState;
  const id = useId();
  const bio = watch('bio');
  const bioError = errors.bio?.message;

  return (
    <form onSubmit={(event) => void handleSubmit(onNext)(event)} aria-label="Creator profile" noValidate>
      <StepHeading title="Your creator profile" text="Tell viewers who you are. Only the bio is required." />

      <div>
        <div className="mb-1.5 flex items-baseline justify-between">
          <label htmlFor={`${id}-bio`} className="text-sm font-semibold text-fg">
            Bio <span className="text-accent">*</span>
          </label>
          <span
            id={`${id}-bio-count`}
            data-testid="bio-counter"
            className="text-xs text-fg-subtle tabular-nums"
          >
            {bio.length}/{CREATOR_BIO_MAX_LENGTH}
          </span>
        </div>
        <textarea
          {...register('bio')}
          {...controlProps(`${id}-bio`, { error: bioError })}
          aria-describedby={cn(`${id}-bio-count`, bioError && `${id}-bio-error`)}
          maxLength={CREATOR_BIO_MAX_LENGTH}
          rows={5}
          required
          placeholder="What kind of films do you make? Which tools and ideas drive your work?"
          className={cn(INPUT_CLASS, 'resize-y leading-relaxed')}
        />
        <FieldError id={`${id}-bio-error`} message={bioError} announce />
      </div>

      <Field
        id={`${id}-website`}
        label={<>Website {optional}</>}
        error={errors.website?.message}
        announceError
        className="mt-5"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://yourportfolio.com"
        {...register('website')}
      />

      <fieldset className="mt-5">
        <legend className="mb-1.5 text-sm font-semibold text-fg">Social handles {optional}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <HandleInput name="twitter" label="Twitter" icon={Twitter} />
          <HandleInput name="instagram" label="Instagram" icon={Instagram} />
          <HandleInput name="youtube" label="YouTube" icon={Youtube} />
        </div>
      </fieldset>

      <FormFooter align="between" className="mt-8">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" size="lg" disabled={bio.trim() === ''}>
          Continue
          <ArrowRight className="size-4" aria-hidden="true" />
        </Button>
      </FormFooter>
    </form>
  );
}

function HandleInput({
  name,
  label,
  icon: Icon,
}: {
  name: 'twitter' | 'instagram' | 'youtube';
  label: string;
  icon: LucideIcon;
}) {
  const { register, formState } = useFormContext<OnboardingValues>();
  const id = useId();
  const error = formState.errors[name]?.message;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 flex items-center gap-1.5 text-xs font-medium text-fg-muted">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-fg-subtle">
          @
        </span>
        <input
          {...register(name)}
          {...controlProps(id, { error })}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="handle"
          className={cn(INPUT_CLASS, 'pl-7')}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} announce />
    </div>
  );
}
