import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';

interface NotFoundScreenProps {
  icon: LucideIcon;
  /** The heading, also the document title ("… · Kinora"). */
  title: string;
  message: string;
  action: { to: string; label: string };
}

/** A missing film, creator or other record: its not-found text (docs/ui.md), with a way onward. */
export function NotFoundScreen({ icon: Icon, title, message, action }: NotFoundScreenProps) {
  return (
    <section className="spotlight flex min-h-[75dvh] flex-1 items-center justify-center px-4 pt-28 pb-20">
      <title>{`${title} · Kinora`}</title>
      <div className="max-w-lg animate-fade-up text-center">
        <span className="mx-auto mb-6 inline-flex size-16 items-center justify-center rounded-2xl border border-white/10 bg-white/5 text-accent">
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-fg md:text-4xl">{title}</h1>
        <p className="mt-4 text-fg-muted">{message}</p>
        <Link to={action.to} className={buttonClasses({ size: 'lg', className: 'mt-10' })}>
          {action.label}
        </Link>
      </div>
    </section>
  );
}
