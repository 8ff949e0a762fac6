import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

export const INPUT =
  'w-full rounded-xl border border-white/15 bg-white/5 px-4 py-2.5 text-sm text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none aria-[invalid=true]:border-red-400/70';

/** A label, the control, an optional hint and the field's error (announced with the control). */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg-muted">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="mt-1 text-xs text-fg-subtle">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props that tie a control to its FormField's error. */
export const errorProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
