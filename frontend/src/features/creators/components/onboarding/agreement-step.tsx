import { ArrowLeft } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useFormContext, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

import type { OnboardingValues } from './onboarding-form';
import { inlineLink, StepHeading } from './step-heading';

type AgreementStepProps = { isCreating: boolean; onBack: () => void; onCreate: () => void };

/** Step 3: the bio as it will read, and the Terms of Service and Creator Guidelines to accept. */
export function AgreementStep({ isCreating, onBack, onCreate }: AgreementStepProps) {
  const { register, watch } = useFormContext<OnboardingValues>();
  const [bio, acceptedTerms, acceptedGuidelines] = watch(['bio', 'acceptedTerms', 'acceptedGuidelines']);
  return (
    <div>
      <StepHeading
        title="Terms and Guidelines"
        text="Creators on Kinora agree to publish original work and to respect our community."
      />
      <blockquote className="mb-6 rounded-2xl border border-white/10 bg-black/20 p-4 text-sm leading-relaxed text-fg-muted">
        <p className="mb-1 text-xs font-semibold tracking-wide text-fg-subtle uppercase">Your bio</p>
        <p className="line-clamp-4 whitespace-pre-line">{bio.trim()}</p>
      </blockquote>
      <div className="space-y-3">
        <Agreement checked={acceptedTerms} input={register('acceptedTerms')}>
          I have read and accept the{' '}
          <Link to={paths.terms} target="_blank" className={inlineLink}>
            Terms of Service
          </Link>
        </Agreement>
        <Agreement checked={acceptedGuidelines} input={register('acceptedGuidelines')}>
          I have read and accept the{' '}
          <Link to={paths.creatorGuidelines} target="_blank" className={inlineLink}>
            Creator Guidelines
          </Link>
        </Agreement>
      </div>
      <FormFooter align="between" className="mt-8">
        <Button variant="ghost" onClick={onBack} disabled={isCreating}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Button>
        <Button size="lg" onClick={onCreate} disabled={isCreating}>
          {isCreating ? 'Creating Profile...' : 'Create Profile'}
        </Button>
      </FormFooter>
    </div>
  );
}

function Agreement({
  checked,
  input,
  children,
}: {
  checked: boolean;
  input: UseFormRegisterReturn;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-2xl border p-4 transition-colors',
        checked ? 'border-accent/50 bg-accent/5' : 'border-white/10 bg-white/[0.02]',
      )}
    >
      <input
        id={id}
        type="checkbox"
        {...input}
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent"
      />
      <label htmlFor={id} className="cursor-pointer text-sm text-fg">
        {children}
      </label>
    </div>
  );
}
