import { useId } from 'react';

import { cn } from '@/lib/utils';

/** The Kinora wordmark: a local SVG mark plus text, no external assets. */
export function Logo({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <span className={cn('flex items-center gap-2', className)}>
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--color-accent)" />
            <stop offset="1" stopColor="#b45309" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
        <path d="M20 14h8v15l13-15h10L36.5 30.5 52 50H41.5L28 32.5V50h-8z" fill="#0b0b0f" />
      </svg>
      <span className="text-xl font-black tracking-tight text-fg">
        Kin<span className="text-accent">ora</span>
      </span>
    </span>
  );
}
