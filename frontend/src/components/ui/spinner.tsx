import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-white/15 border-t-accent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
