import { BarChart3, Film, Upload, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { paths } from '@/config/paths';

import { useStudioFilms } from '../api/studio-films';
import type { StudioFilm } from '@/lib/api/types';
import { filmStateOf, type FilmStateKind } from '../utils/film-state';
import { StudioFilms } from './studio-films';

const TAB_KEYS = ['overview', 'analytics', 'films', 'audience'] as const;
type TabKey = (typeof TAB_KEYS)[number];

const isTabKey = (value: string | null): value is TabKey =>
  (TAB_KEYS as readonly string[]).includes(value ?? '');

/** /creator-dashboard for a creator: Overview, Analytics, Films and Audience (?tab=). */
export function CreatorDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const active: TabKey = isTabKey(tabParam) ? tabParam : 'overview';
  const films = useStudioFilms();

  const tabs: TabItem<TabKey>[] = [
    { value: 'overview', label: 'Overview', content: <Overview films={films.data} /> },
    {
      value: 'analytics',
      label: 'Analytics',
      content: (
        <ComingWithAnalytics
          icon={BarChart3}
          text="Countries, devices and performance insights arrive with viewing analytics."
        />
      ),
    },
    { value: 'films', label: 'Films', content: <StudioFilms films={films} /> },
    {
      value: 'audience',
      label: 'Audience',
      content: (
        <ComingWithAnalytics
          icon={Users}
          text="Your audience's countries, followers and growth arrive with viewing analytics."
        />
      ),
    },
  ];

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-28 pb-20">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">Creator Dashboard</h1>
          <p className="mt-1 text-fg-muted">Your films, from upload to review to release.</p>
        </div>
        <Link to={paths.uploadFilm} className={buttonClasses()}>
          <Upload className="size-4" aria-hidden="true" />
          Upload New Film
        </Link>
      </div>
      <Tabs
        label="Creator dashboard"
        items={tabs}
        value={active}
        onValueChange={(key) => setSearchParams(key === 'overview' ? {} : { tab: key }, { replace: true })}
      />
    </div>
  );
}

const COUNTED: { kind: FilmStateKind; label: string }[] = [
  { kind: 'published', label: 'Published' },
  { kind: 'pending', label: 'Pending review' },
  { kind: 'processing', label: 'Processing' },
  { kind: 'archived', label: 'Archived' },
  { kind: 'failed', label: 'Failed' },
];

/** Counts of the creator's films by status (from the real list); views arrive with analytics. */
function Overview({ films }: { films?: StudioFilm[] }) {
  const counts = new Map<FilmStateKind, number>();
  for (const film of films ?? []) {
    const kind = filmStateOf(film).kind;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
          <Film className="size-5 text-accent" aria-hidden="true" />
          <p className="mt-3 text-2xl font-bold text-fg" aria-label="Total films">
            {films ? films.length : '…'}
          </p>
          <p className="text-sm text-fg-muted">Total films</p>
        </div>
        <dl className="grid grid-cols-2 gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-5 sm:col-span-2 sm:grid-cols-5">
          {COUNTED.map(({ kind, label }) => (
            <div key={kind}>
              <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{label}</dt>
              <dd className="mt-1 text-xl font-bold text-fg" aria-label={`${label} films`}>
                {films ? (counts.get(kind) ?? 0) : '…'}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <ComingWithAnalytics
        icon={BarChart3}
        text="Views, watch time, average rating and subscriber growth arrive with viewing analytics."
      />
    </div>
  );
}

function ComingWithAnalytics({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-dashed border-white/15 px-5 py-6 text-fg-muted">
      <Icon className="mt-0.5 size-5 shrink-0 text-fg-subtle" aria-hidden="true" />
      <p>{text} No figures are shown until they are real.</p>
    </div>
  );
}
