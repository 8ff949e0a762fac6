import { Clapperboard } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

type PagePlaceholderProps = {
  title: string;
  description?: string;
};

/** A titled, clearly unfinished screen: used by routes whose screen has not been built yet. */
export function PagePlaceholder({ title, description }: PagePlaceholderProps) {
  return (
    <section className="spotlight flex min-h-[70dvh] flex-1 items-center px-4 pt-28 pb-20 md:px-8">
      <title>{`${title} · Kinora`}</title>
      <div className="mx-auto flex max-w-2xl animate-fade-up flex-col items-center text-center">
        <span className="mb-6 inline-flex size-14 items-center justify-center rounded-2xl border border-white/10 bg-white/5 text-accent">
          <Clapperboard className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-4xl font-black tracking-tight text-balance text-fg md:text-5xl">{title}</h1>
        {description ? <p className="mt-4 text-lg text-pretty text-fg-muted">{description}</p> : null}
        <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-accent/30 bg-accent/10 px-4 py-1.5 text-sm font-medium text-accent">
          This screen is coming soon.
        </p>
        <Link to={paths.landing} className={buttonClasses({ variant: 'outline', className: 'mt-10' })}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
