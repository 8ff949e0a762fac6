import { cn } from '@/lib/utils';

/** A pulsing block standing in for content that is loading (decorative: the region says it is busy). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-white/[0.06]', className)} />;
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
