import { Clock, Flag } from 'lucide-react';
import type { ReactNode } from 'react';

import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';

import { useAdminStats } from '../api/get-admin-stats';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
      <div className="flex items-center gap-2 text-sm text-fg-muted">
        {icon}
        {label}
      </div>
      <div className="mt-2 text-3xl font-black text-fg">{value}</div>
    </div>
  );
}

/** The moderation counters: films awaiting review and reports not yet handled. */
export function AdminStatsCard() {
  const stats = useAdminStats();
  const value = (count: number | undefined) =>
    stats.isPending ? (
      <Skeleton className="h-9 w-16 rounded-md" />
    ) : stats.isError || count === undefined ? (
      <span className="text-base font-medium text-fg-subtle">Unavailable</span>
    ) : (
      formatCount(count)
    );

  return (
    <section aria-label="Moderation" className="grid gap-4 sm:grid-cols-2">
      <Stat
        icon={<Clock className="size-4" aria-hidden="true" />}
        label="Pending reviews"
        value={value(stats.data?.pendingReviews)}
      />
      <Stat
        icon={<Flag className="size-4" aria-hidden="true" />}
        label="Open reports"
        value={value(stats.data?.openReports)}
      />
    </section>
  );
}
