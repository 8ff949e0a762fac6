import { CREATOR_BIO_MAX_LENGTH } from '@kinora/contracts';
import {
  ArrowLeft,
  ArrowRight,
  BarChart3,
  Check,
  CircleCheck,
  Globe2,
  HandCoins,
  Instagram,
  ShieldCheck,
  Twitter,
  Upload,
  Youtube,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Button, buttonClasses } from '@/components/ui/button';
import { FeatureCard } from '@/components/ui/feature-card';
import { creatorPath, paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import type { CreatorProfile } from '@/lib/api/types';

import { useCreateCreator, type CreateCreatorInput } from '../api/create-creator';

type Step = 1 | 2 | 3 | 4;

const STEPS: { step: Step; label: string }[] = [
  { step: 1, label: 'Welcome' },
  { step: 2, label: 'Profile' },
  { step: 3, label: 'Agreement' },
  { step: 4, label: 'Done' },
];

type ProfileFields = { bio: string; website: string; twitter: string; instagram: string; youtube: string };
type FieldErrors = Partial<Record<keyof ProfileFields, string>>;

const EMPTY_FIELDS: ProfileFields = { bio: '', website: '', twitter: '', instagram: '', youtube: '' };

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Globe2,
    title: 'A global audience',
    text: 'Publish to viewers worldwide who came looking for independent generative cinema.',
  },
  {
    icon: HandCoins,
    title: 'Fair revenue sharing',
    text: 'Earn from every view of your films, with transparent reporting.',
  },
  {
    icon: ShieldCheck,
    title: 'Credit on every frame',
    text: 'Your creator watermark is burned into every rendition we stream.',
  },
  {
    icon: BarChart3,
    title: 'Audience analytics',
    text: 'See views, watch time, countries and devices for each film.',
  },
];

/** The creator signup payload: trimmed values, empty optional fields left out. */
export function toCreateCreatorInput(fields: ProfileFields): CreateCreatorInput {
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

/** Which profile field a 400 message names ("socialLinks.twitter must be…", "website must be…"). */
export function fieldOfServerMessage(message: string): keyof ProfileFields | null {
  const match = /^(?:socialLinks\.)?(bio|website|twitter|instagram|youtube)\b/.exec(message.trim());
  return (match?.[1] as keyof ProfileFields | undefined) ?? null;
}

/**
 * Creator onboarding (docs/catalog.md): Welcome → Profile (bio required, at most CREATOR_BIO_MAX_LENGTH characters; website
 * and handles optional) → Terms and Guidelines → Success. Back and forward between steps.
 */
export function CreatorOnboarding() {
  const [step, setStep] = useState<Step>(1);
  const [fields, setFields] = useState<ProfileFields>(EMPTY_FIELDS);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [acceptedGuidelines, setAcceptedGuidelines] = useState(false);
  const [created, setCreated] = useState<CreatorProfile | null>(null);

  const createCreator = useCreateCreator({
    onSuccess: (creator) => {
      setCreated(creator);
      setStep(4);
    },
  });

  const setField = (name: keyof ProfileFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const createProfile = () => {
    if (!acceptedTerms || !acceptedGuidelines) {
      toast({
        title: 'Agreement Required',
        description: 'Please accept both the Terms of Service and Creator Guidelines.',
        variant: 'destructive',
      });
      return;
    }
    createCreator.mutate(toCreateCreatorInput(fields), {
      onError: (error) => {
        // A rejected field is fixed on the profile step: go back there with the server's reason.
        if (!isApiError(error) || error.status !== 400 || !error.serverMessage) return;
        const field = fieldOfServerMessage(error.serverMessage);
        if (!field) return;
        setFieldErrors({ [field]: error.serverMessage });
        setStep(2);
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

        <div className="animate-fade-up rounded-3xl border border-white/10 bg-surface/85 p-5 shadow-2xl shadow-black/50 backdrop-blur md:p-8">
          {step === 1 ? <WelcomeStep onNext={() => setStep(2)} /> : null}
          {step === 2 ? (
            <ProfileStep
              fields={fields}
              errors={fieldErrors}
              onChange={setField}
              onBack={() => setStep(1)}
              onNext={() => setStep(3)}
            />
          ) : null}
          {step === 3 ? (
            <AgreementStep
              bio={fields.bio.trim()}
              acceptedTerms={acceptedTerms}
              acceptedGuidelines={acceptedGuidelines}
              onTermsChange={setAcceptedTerms}
              onGuidelinesChange={setAcceptedGuidelines}
              isCreating={createCreator.isPending}
              onBack={() => setStep(2)}
              onCreate={createProfile}
            />
          ) : null}
          {step === 4 && created ? <SuccessStep creator={created} /> : null}
        </div>
      </div>
    </section>
  );
}

function StepHeading({ title, text }: { title: string; text: ReactNode }) {
  return (
    <div className="mb-6">
      <h2 className="text-2xl font-bold tracking-tight text-fg">{title}</h2>
      <p className="mt-2 text-fg-muted">{text}</p>
    </div>
  );
}

const inlineLink =
  'font-semibold text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent';

function WelcomeStep({ onNext }: { onNext: () => void }) {
  return (
    <div>
      <StepHeading
        title="Welcome to the Kinora Creator Program"
        text="Share your generative films with an audience that values original, independent work."
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {features.map((feature) => (
          <FeatureCard key={feature.title} {...feature} size="sm" />
        ))}
      </ul>
      <p className="mt-6 text-sm text-fg-muted">
        Before you start, please read our{' '}
        <Link to={paths.terms} className={inlineLink}>
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to={paths.creatorGuidelines} className={inlineLink}>
          Creator Guidelines
        </Link>
        .
      </p>
      <div className="mt-8 flex justify-end">
        <Button size="lg" onClick={onNext}>
          Get Started
          <ArrowRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

type ProfileStepProps = {
  fields: ProfileFields;
  errors: FieldErrors;
  onChange: (name: keyof ProfileFields, value: string) => void;
  onBack: () => void;
  onNext: () => void;
};

const inputClasses =
  'h-11 w-full rounded-xl border border-white/10 bg-surface-raised px-3.5 text-sm text-fg placeholder:text-fg-subtle ' +
  'transition-colors hover:border-white/20 focus:border-accent/70 focus-visible:outline-none aria-invalid:border-danger/70';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-300">
      {message}
    </p>
  );
}

function ProfileStep({ fields, errors, onChange, onBack, onNext }: ProfileStepProps) {
  const ids = {
    bio: useId(),
    bioCount: useId(),
    bioError: useId(),
    website: useId(),
    websiteError: useId(),
  };
  const bioBlank = fields.bio.trim() === '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!bioBlank) onNext();
  };

  return (
    <form onSubmit={onSubmit} aria-label="Creator profile" noValidate>
      <StepHeading title="Your creator profile" text="Tell viewers who you are. Only the bio is required." />

      <div>
        <div className="mb-1.5 flex items-baseline justify-between">
          <label htmlFor={ids.bio} className="text-sm font-semibold text-fg">
            Bio <span className="text-accent">*</span>
          </label>
          <span id={ids.bioCount} data-testid="bio-counter" className="text-xs text-fg-subtle tabular-nums">
            {fields.bio.length}/{CREATOR_BIO_MAX_LENGTH}
          </span>
        </div>
        <textarea
          id={ids.bio}
          value={fields.bio}
          onChange={(event) => onChange('bio', event.target.value)}
          maxLength={CREATOR_BIO_MAX_LENGTH}
          rows={5}
          required
          placeholder="What kind of films do you make? Which tools and ideas drive your work?"
          aria-describedby={cn(ids.bioCount, errors.bio && ids.bioError)}
          aria-invalid={errors.bio ? true : undefined}
          className={cn(inputClasses, 'h-auto resize-y py-3 leading-relaxed')}
        />
        <FieldError id={ids.bioError} message={errors.bio} />
      </div>

      <div className="mt-5">
        <label htmlFor={ids.website} className="mb-1.5 block text-sm font-semibold text-fg">
          Website <span className="font-normal text-fg-subtle">(optional)</span>
        </label>
        <input
          id={ids.website}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={fields.website}
          onChange={(event) => onChange('website', event.target.value)}
          placeholder="https://yourportfolio.com"
          aria-describedby={errors.website ? ids.websiteError : undefined}
          aria-invalid={errors.website ? true : undefined}
          className={inputClasses}
        />
        <FieldError id={ids.websiteError} message={errors.website} />
      </div>

      <fieldset className="mt-5">
        <legend className="mb-1.5 text-sm font-semibold text-fg">
          Social handles <span className="font-normal text-fg-subtle">(optional)</span>
        </legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <HandleInput
            label="Twitter"
            icon={Twitter}
            value={fields.twitter}
            error={errors.twitter}
            onChange={(value) => onChange('twitter', value)}
          />
          <HandleInput
            label="Instagram"
            icon={Instagram}
            value={fields.instagram}
            error={errors.instagram}
            onChange={(value) => onChange('instagram', value)}
          />
          <HandleInput
            label="YouTube"
            icon={Youtube}
            value={fields.youtube}
            error={errors.youtube}
            onChange={(value) => onChange('youtube', value)}
          />
        </div>
      </fieldset>

      <div className="mt-8 flex items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" size="lg" disabled={bioBlank}>
          Continue
          <ArrowRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

function HandleInput({
  label,
  icon: Icon,
  value,
  error,
  onChange,
}: {
  label: string;
  icon: LucideIcon;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = useId();
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
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="handle"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className={cn(inputClasses, 'pl-7')}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type AgreementStepProps = {
  bio: string;
  acceptedTerms: boolean;
  acceptedGuidelines: boolean;
  onTermsChange: (value: boolean) => void;
  onGuidelinesChange: (value: boolean) => void;
  isCreating: boolean;
  onBack: () => void;
  onCreate: () => void;
};

function AgreementStep({
  bio,
  acceptedTerms,
  acceptedGuidelines,
  onTermsChange,
  onGuidelinesChange,
  isCreating,
  onBack,
  onCreate,
}: AgreementStepProps) {
  return (
    <div>
      <StepHeading
        title="Terms and Guidelines"
        text="Creators on Kinora agree to publish original work and to respect our community."
      />
      <blockquote className="mb-6 rounded-2xl border border-white/10 bg-black/20 p-4 text-sm leading-relaxed text-fg-muted">
        <p className="mb-1 text-xs font-semibold tracking-wide text-fg-subtle uppercase">Your bio</p>
        <p className="line-clamp-4 whitespace-pre-line">{bio}</p>
      </blockquote>
      <div className="space-y-3">
        <Agreement checked={acceptedTerms} onChange={onTermsChange}>
          I have read and accept the{' '}
          <Link to={paths.terms} target="_blank" className={inlineLink}>
            Terms of Service
          </Link>
        </Agreement>
        <Agreement checked={acceptedGuidelines} onChange={onGuidelinesChange}>
          I have read and accept the{' '}
          <Link to={paths.creatorGuidelines} target="_blank" className={inlineLink}>
            Creator Guidelines
          </Link>
        </Agreement>
      </div>
      <div className="mt-8 flex items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack} disabled={isCreating}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Button>
        <Button size="lg" onClick={onCreate} disabled={isCreating}>
          {isCreating ? 'Creating Profile...' : 'Create Profile'}
        </Button>
      </div>
    </div>
  );
}

function Agreement({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
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
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent"
      />
      <label htmlFor={id} className="cursor-pointer text-sm text-fg">
        {children}
      </label>
    </div>
  );
}

function SuccessStep({ creator }: { creator: CreatorProfile }) {
  const nextSteps = [
    'Upload your first film.',
    'Our team reviews it within 2-3 business days.',
    'Once approved, your film becomes available to viewers on Kinora.',
  ];
  return (
    <div className="text-center">
      <CircleCheck className="mx-auto size-14 text-emerald-300" aria-hidden="true" />
      <h2 className="mt-4 text-2xl font-bold tracking-tight text-fg md:text-3xl">You're a Kinora creator!</h2>
      <p className="mt-2 text-fg-muted">Your creator profile is ready. Here's what happens next.</p>
      <ol className="mx-auto mt-8 max-w-md space-y-3 text-left">
        {nextSteps.map((text, index) => (
          <li
            key={text}
            className="flex items-start gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-4"
          >
            <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-fg">
              {index + 1}
            </span>
            <span className="pt-0.5 text-sm text-fg">{text}</span>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.upload} className={buttonClasses({ size: 'lg' })}>
          <Upload className="size-4" aria-hidden="true" />
          Upload Your First Film
        </Link>
        <Link to={paths.profile} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          Go to Profile
        </Link>
      </div>
      <Link to={creatorPath(creator.id)} className={cn(inlineLink, 'mt-6 inline-block text-sm')}>
        View your creator page
      </Link>
    </div>
  );
}
