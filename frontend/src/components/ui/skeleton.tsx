import { cn } from '@/lib/utils';

/** A pulsing block standing in for content that is loading (decorative: the region says it is busy). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-white/[0.06]', className)} />;
}
