import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { Skeleton } from './skeleton';

type StatCardProps = {
  icon: LucideIcon;
  label: string;
  /** The figure; a skeleton while it loads (undefined). */
  value: ReactNode | undefined;
  /** A line under the figure (e.g. "12 active in 30 days"). */
  detail?: ReactNode;
};

/** One headline figure of a dashboard, named by its label for assistive technology. */
export function StatCard({ icon: Icon, label, value, detail }: StatCardProps) {
  return (
    <div role="group" aria-label={label} className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
      <div className="flex items-center gap-2 text-sm text-fg-muted">
        <Icon className="size-4 text-accent" aria-hidden="true" />
        {label}
      </div>
      <div className="mt-2 text-3xl font-black text-fg tabular-nums">
        {value === undefined ? <Skeleton className="h-9 w-24 rounded-md" /> : value}
      </div>
      {detail ? <p className="mt-1 text-sm text-fg-subtle">{detail}</p> : null}
    </div>
  );
}
