import { BarChart3 } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';

import { LoadErrorAlert } from '@/components/ui/load-error-screen';
import { Skeleton } from '@/components/ui/skeleton';
import type { CreatorAnalytics, StudioFilm } from '@/lib/api/types';

import { analyticsErrorText } from '../utils/analytics-range';

type Query<T> = { isPending: boolean; isError: boolean; error: unknown; data?: T; refetch: () => unknown };
export type FilmsQuery = Query<StudioFilm[]>;
export type CreatorAnalyticsQuery = Query<CreatorAnalytics>;

/** What a tab of the creator's figures is given: their films and their analytics. */
export type AnalyticsTabProps = { films: FilmsQuery; analytics: CreatorAnalyticsQuery };

type AnalyticsPanelProps<T> = {
  films: FilmsQuery;
  /** The creator's figures (analytics, or their ad revenue). */
  analytics: Query<T>;
  /** What is loading, for assistive technology ("Loading your audience"). */
  loadingLabel: string;
  children: (analytics: T) => ReactNode;
};

/** Skeleton cards and a chart-sized block while the figures load. */
export function AnalyticsSkeleton({ label }: { label: string }) {
  return (
    <div aria-label={label} aria-busy="true" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}

/**
 * The creator's figures once they can be shown: skeletons while loading, a plain notice while the
 * creator has no film yet (their id comes from their films), and the reason when the call failed.
 */
export function AnalyticsPanel<T = CreatorAnalytics>({
  films,
  analytics,
  loadingLabel,
  children,
}: AnalyticsPanelProps<T>) {
  if (films.isPending) return <AnalyticsSkeleton label={loadingLabel} />;
  if (!films.isError && films.data?.length === 0) {
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-dashed border-white/15 px-5 py-6 text-fg-muted">
        <BarChart3 className="mt-0.5 size-5 shrink-0 text-fg-subtle" aria-hidden="true" />
        <p>Your figures appear here once you have uploaded a film.</p>
      </div>
    );
  }
  if (films.isError || analytics.isError || !analytics.data) {
    if (!films.isError && analytics.isPending) return <AnalyticsSkeleton label={loadingLabel} />;
    return (
      <LoadErrorAlert
        message={analyticsErrorText(films.isError ? films.error : analytics.error)}
        onRetry={() => void (films.isError ? films.refetch() : analytics.refetch())}
      />
    );
  }
  return <>{children(analytics.data)}</>;
}

/** A tab of the creator's analytics: AnalyticsPanel's waiting, empty and error states, then `Figures`. */
export function analyticsTab(loadingLabel: string, Figures: ComponentType<{ figures: CreatorAnalytics }>) {
  return function AnalyticsTab({ films, analytics }: AnalyticsTabProps) {
    return (
      <AnalyticsPanel films={films} analytics={analytics} loadingLabel={loadingLabel}>
        {(figures) => <Figures figures={figures} />}
      </AnalyticsPanel>
    );
  };
}
