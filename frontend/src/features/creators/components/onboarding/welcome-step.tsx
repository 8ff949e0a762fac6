import { ArrowRight, BarChart3, Globe2, HandCoins, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { FeatureCard } from '@/components/ui/feature-card';
import { paths } from '@/config/paths';

import { inlineLink, StepHeading } from './step-heading';

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

/** Step 1: what the program offers, and the Terms and Guidelines to read first. */
export function WelcomeStep({ onNext }: { onNext: () => void }) {
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
