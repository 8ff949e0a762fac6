import { Upload } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';

import { ANALYTICS_DEFAULT_RANGE_DAYS } from '@kinora/contracts';

import { buttonClasses } from '@/components/ui/button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';

import { creatorIdOf, useCreatorAnalytics } from '../api/get-creator-analytics';
import { useStudioFilms } from '../api/studio-films';
import { parseRangeDays, RANGE_OPTIONS } from '../utils/analytics-range';
import { CreatorAudience } from './creator-audience';
import { CreatorOverview } from './creator-overview';
import { CreatorPerformance } from './creator-performance';
import { CreatorRevenue } from './creator-revenue';
import { StudioFilms } from './studio-films';

const TAB_KEYS = ['overview', 'analytics', 'films', 'audience', 'revenue'] as const;
type TabKey = (typeof TAB_KEYS)[number];

const isTabKey = (value: string | null): value is TabKey =>
  (TAB_KEYS as readonly string[]).includes(value ?? '');

/** computedAt is a date-time in JSON (the contract types it loosely). */
const updatedAgo = (computedAt: unknown): string | null =>
  typeof computedAt === 'string' ? formatRelativeTime(computedAt) : null;

/**
 * /creator-dashboard for a creator: Overview, Analytics, Films, Audience and Revenue (?tab=), over
 * the last 7, 30 or 90 days (?days=; Revenue is all time and by month). The figures are asked again
 * every CREATOR_ANALYTICS_REFRESH_MS.
 */
export function CreatorDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const active: TabKey = isTabKey(tabParam) ? tabParam : 'overview';
  const days = parseRangeDays(searchParams.get('days'));
  const films = useStudioFilms();
  const analytics = useCreatorAnalytics(creatorIdOf(films.data), days);
  const updated = updatedAgo(analytics.data?.computedAt);

  const setParam = (key: 'tab' | 'days', value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setSearchParams(next, { replace: true });
  };

  const tabs: TabItem<TabKey>[] = [
    {
      value: 'overview',
      label: 'Overview',
      content: <CreatorOverview films={films} analytics={analytics} />,
    },
    {
      value: 'analytics',
      label: 'Analytics',
      content: <CreatorPerformance films={films} analytics={analytics} />,
    },
    {
      value: 'films',
      label: 'Films',
      content: <StudioFilms films={films} figures={analytics.data?.topFilms} days={days} />,
    },
    {
      value: 'audience',
      label: 'Audience',
      content: <CreatorAudience films={films} analytics={analytics} />,
    },
    {
      value: 'revenue',
      label: 'Revenue',
      content: <CreatorRevenue films={films} />,
    },
  ];

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-28 pb-20">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">Creator Dashboard</h1>
          <p className="mt-1 text-fg-muted">Your films, from upload to review to release, and how they do.</p>
        </div>
        <Link to={paths.uploadFilm} className={buttonClasses()}>
          <Upload className="size-4" aria-hidden="true" />
          Upload New Film
        </Link>
      </div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SegmentedControl
          label="Date range"
          options={RANGE_OPTIONS}
          value={days}
          onChange={(next) => setParam('days', next === ANALYTICS_DEFAULT_RANGE_DAYS ? null : String(next))}
        />
        {updated ? <p className="text-xs text-fg-subtle">Figures updated {updated}</p> : null}
      </div>
      <Tabs
        label="Creator dashboard"
        items={tabs}
        value={active}
        onValueChange={(key) => setParam('tab', key === 'overview' ? null : key)}
      />
    </div>
  );
}
