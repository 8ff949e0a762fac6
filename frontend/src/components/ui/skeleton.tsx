import { cn } from '@/lib/utils';

/** A pulsing block standing in for content that is loading (decorative: the region says it is busy). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-white/[0.06]', className)} />;
}

/**
 * A text line's stand-in: a bar as tall as the line's letters, centred in the line's own height
 * (`text-sm`: 20 px with a 14 px bar; `text-xs`: 16 px with a 12 px bar). `className` places the
 * line, `barClassName` gives the bar its width.
 */
export function SkeletonLine({
  text,
  className,
  barClassName,
}: {
  text: 'sm' | 'xs';
  className?: string;
  barClassName: string;
}) {
  return (
    <div className={cn('flex items-center', text === 'sm' ? 'h-5' : 'h-4', className)}>
      <Skeleton className={cn(text === 'sm' ? 'h-3.5' : 'h-3', 'rounded-md', barClassName)} />
    </div>
  );
}

/**
 * `count` skeletons standing in for a list that is loading, in a region named `label` and marked
 * busy: side by side in a div, or (`list`) each in an item of a list.
 */
export function SkeletonList({
  label,
  count,
  className,
  itemClassName,
  list = false,
}: {
  label: string;
  count: number;
  className?: string;
  /** Each skeleton's size and shape. */
  itemClassName: string;
  list?: boolean;
}) {
  const skeletons = Array.from({ length: count }, (_, index) => index);
  return list ? (
    <ul aria-label={label} aria-busy="true" className={className}>
      {skeletons.map((index) => (
        <li key={index}>
          <Skeleton className={itemClassName} />
        </li>
      ))}
    </ul>
  ) : (
    <div aria-label={label} aria-busy="true" className={className}>
      {skeletons.map((index) => (
        <Skeleton key={index} className={itemClassName} />
      ))}
    </div>
  );
}
