import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';

import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/server-errors';
import { cn } from '@/lib/utils';
import type { CreatorProfile } from '@/lib/api/types';

import {
  CREATOR_PROFILE_SERVER_FIELDS,
  creatorProfileSchema,
  emptyCreatorProfile,
  toCreateCreatorInput,
  useCreateCreator,
} from '../api/create-creator';
import { AgreementStep } from './onboarding/agreement-step';
import type { OnboardingValues } from './onboarding/onboarding-form';
import { ProfileStep } from './onboarding/profile-step';
import { SuccessStep } from './onboarding/success-step';
import { WelcomeStep } from './onboarding/welcome-step';

type Step = 1 | 2 | 3 | 4;

const onboardingSchema = creatorProfileSchema.extend({
  acceptedTerms: z.boolean(),
  acceptedGuidelines: z.boolean(),
}) satisfies z.ZodType<OnboardingValues>;

const STEPS: { step: Step; label: string }[] = [
  { step: 1, label: 'Welcome' },
  { step: 2, label: 'Profile' },
  { step: 3, label: 'Agreement' },
  { step: 4, label: 'Done' },
];

/**
 * Creator onboarding (docs/catalog.md): Welcome → Profile (bio required, at most CREATOR_BIO_MAX_LENGTH characters; website
 * and handles optional) → Terms and Guidelines → Success. Back and forward between steps, keeping what was typed.
 */
export function CreatorOnboarding() {
  const [step, setStep] = useState<Step>(1);
  const [created, setCreated] = useState<CreatorProfile | null>(null);
  const form = useForm<OnboardingValues>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: { ...emptyCreatorProfile(), acceptedTerms: false, acceptedGuidelines: false },
  });

  const createCreator = useCreateCreator({
    onSuccess: (creator) => {
      setCreated(creator);
      setStep(4);
    },
  });

  const createProfile = () => {
    const { acceptedTerms, acceptedGuidelines, ...profile } = form.getValues();
    if (!acceptedTerms || !acceptedGuidelines) {
      toast({
        title: 'Agreement Required',
        description: 'Please accept both the Terms of Service and Creator Guidelines.',
        variant: 'destructive',
      });
      return;
    }
    createCreator.mutate(toCreateCreatorInput(profile), {
      onError: (error) => {
        // A rejected field is fixed on the profile step: go back there with the server's reason.
        const fields = applyServerErrors(error, form.setError, CREATOR_PROFILE_SERVER_FIELDS, {
          fallback: false,
        });
        if (fields.length > 0) setStep(2);
      },
    });
  };

  return (
    <section className="spotlight flex-1 px-4 pt-24 pb-20 md:px-8 md:pt-32">
      <title>Become a Creator · Kinora</title>
      <div className="mx-auto max-w-3xl">
        <header className="text-center">
          <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">Creator Program</p>
          <h1 className="mt-2 text-3xl font-black tracking-tight text-fg md:text-5xl">Become a Creator</h1>
        </header>

        <StepList step={step} />

        <div className="animate-fade-up rounded-3xl border border-white/10 bg-surface/85 p-5 shadow-2xl shadow-black/50 backdrop-blur md:p-8">
          <FormProvider {...form}>
            {step === 1 ? <WelcomeStep onNext={() => setStep(2)} /> : null}
            {step === 2 ? <ProfileStep onBack={() => setStep(1)} onNext={() => setStep(3)} /> : null}
            {step === 3 ? (
              <AgreementStep
                isCreating={createCreator.isPending}
                onBack={() => setStep(2)}
                onCreate={createProfile}
              />
            ) : null}
          </FormProvider>
          {step === 4 && created ? <SuccessStep creator={created} /> : null}
        </div>
      </div>
    </section>
  );
}

function StepList({ step }: { step: Step }) {
  return (
    <ol aria-label="Steps" className="mx-auto mt-8 mb-8 flex max-w-xl items-center">
      {STEPS.map(({ step: number, label }, index) => {
        const done = number < step;
        const current = number === step;
        return (
          <li
            key={number}
            aria-current={current ? 'step' : undefined}
            className="flex flex-1 items-center last:flex-none"
          >
            <div className="flex flex-col items-center gap-1.5">
              <span
                className={cn(
                  'inline-flex size-9 items-center justify-center rounded-full border text-sm font-bold transition-colors',
                  done && 'border-accent bg-accent text-accent-fg',
                  current && 'border-accent bg-accent/15 text-accent',
                  !done && !current && 'border-white/15 text-fg-subtle',
                )}
              >
                {done ? <Check className="size-4" aria-hidden="true" /> : number}
              </span>
              <span className={cn('text-xs font-medium', current ? 'text-fg' : 'text-fg-subtle')}>
                <span className="sr-only">Step {number}: </span>
                {label}
              </span>
            </div>
            {index < STEPS.length - 1 ? (
              <span
                aria-hidden="true"
                className={cn('mx-2 mb-5 h-px flex-1', number < step ? 'bg-accent' : 'bg-white/15')}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
