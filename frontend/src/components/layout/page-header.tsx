import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

/** A catalogue page's heading: a small accent eyebrow, the title (the page's h1) and a line about it. */
export function PageHeader({
  eyebrow,
  title,
  children,
  className,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('flex flex-col gap-2', className)}>
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">{eyebrow}</p>
      <h1 className="text-3xl font-black tracking-tight text-fg md:text-5xl">{title}</h1>
      <p className="max-w-2xl text-fg-muted">{children}</p>
    </header>
  );
}
