import { useId, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

/** A titled card of the creator dashboard. */
export function Panel({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl border border-white/10 bg-white/[0.03] p-5', className)}
    >
      <h2 id={id} className="text-lg font-bold text-fg">
        {title}
      </h2>
      {description ? <p className="mt-0.5 text-sm text-fg-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
