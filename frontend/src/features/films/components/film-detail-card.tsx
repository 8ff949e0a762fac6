import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

/** A titled card of the film page. */
export function Card({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={cn(
        'rounded-2xl border border-white/10 bg-surface/80 p-5 shadow-xl shadow-black/20 md:p-6',
        className,
      )}
    >
      <h2 className="mb-4 text-lg font-bold tracking-tight text-fg">{title}</h2>
      {children}
    </section>
  );
}

/** A labelled fact of the 'Film Details' card. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{term}</dt>
      <dd className="mt-1 truncate text-fg">{children}</dd>
    </div>
  );
}
