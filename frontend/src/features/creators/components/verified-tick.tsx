import { BadgeCheck } from 'lucide-react';

import { cn } from '@/lib/utils';

/** The verified tick beside a creator's name; it follows `isVerified`, never a position in a list. */
export function VerifiedTick({ className }: { className?: string }) {
  return (
    <span role="img" aria-label="Verified creator" title="Verified creator" className="inline-flex shrink-0">
      <BadgeCheck className={cn('size-4 fill-accent/15 text-accent', className)} aria-hidden="true" />
    </span>
  );
}
