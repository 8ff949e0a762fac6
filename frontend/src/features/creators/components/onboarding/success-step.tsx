import { CircleCheck, Upload } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { creatorPath, paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import type { CreatorProfile } from '@/lib/api/types';

import { inlineLink } from './step-heading';

const nextSteps = [
  'Upload your first film.',
  'Our team reviews it within 2-3 business days.',
  'Once approved, your film becomes available to viewers on Kinora.',
];

/** Step 4: the profile exists; what happens next, and where to go. */
export function SuccessStep({ creator }: { creator: CreatorProfile }) {
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
