import { cn } from '@/lib/utils';

/** A thin bar showing how far along something is (fraction 0–1), announced as a percentage. */
export function ProgressBar({
  label,
  fraction,
  className,
}: {
  label: string;
  fraction: number;
  className?: string;
}) {
  const clamped = Math.min(1, Math.max(0, fraction));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 100)}
      className={cn('h-1 overflow-hidden rounded-full bg-white/10', className)}
    >
      <div className="h-full bg-accent" style={{ width: `${clamped * 100}%` }} />
    </div>
  );
}
