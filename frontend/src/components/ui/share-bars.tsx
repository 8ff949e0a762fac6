import { cn } from '@/lib/utils';

export type ShareBar = {
  label: string;
  /** How long the bar is, 0–1. */
  fraction: number;
  /** The figure shown beside the label ("42.5% · 120 sessions"). */
  value: string;
};

/** Labelled figures as bars, each as long as its share of `whole`, its figure written by `format`. */
export function figureBars(
  figures: { label: string; value: number }[],
  whole: number,
  format: (value: number) => string,
): ShareBar[] {
  return figures.map((figure) => ({
    label: figure.label,
    fraction: figure.value / whole,
    value: format(figure.value),
  }));
}

/**
 * A list of labelled horizontal bars (countries, devices, growth), each with its figure; with no
 * items, `empty` says so where it is given.
 */
export function ShareBars({
  label,
  items,
  empty,
  className,
}: {
  label: string;
  items: ShareBar[];
  empty?: string;
  className?: string;
}) {
  if (items.length === 0 && empty) return <p className="text-sm text-fg-muted">{empty}</p>;
  return (
    <ul aria-label={label} className={cn('grid gap-3', className)}>
      {items.map((item) => (
        <li key={item.label} aria-label={item.label} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="truncate text-fg">{item.label}</span>
            <span className="shrink-0 text-fg-muted tabular-nums">{item.value}</span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-white/10">
            <div
              className="h-full rounded-full bg-accent"
              style={{ width: `${Math.min(100, Math.max(0, item.fraction * 100))}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
