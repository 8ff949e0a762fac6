import { Clock, Eye, Film, Star, UserPlus } from 'lucide-react';

import { RankedList } from '@/components/ui/ranked-list';
import { ShareBars } from '@/components/ui/share-bars';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount, formatDay, formatRatingOutOfFive, formatViews, formatWatchTime } from '@/lib/format';
import type { CreatorAnalytics, StudioFilm } from '@/lib/api/types';

import { filmStateOf, type FilmStateKind } from '../utils/film-state';
import { AnalyticsPanel, type AnalyticsTabProps } from './analytics-panel';
import { Panel } from './panel';

const COUNTED: { kind: FilmStateKind; label: string }[] = [
  { kind: 'published', label: 'Published' },
  { kind: 'pending', label: 'Pending review' },
  { kind: 'processing', label: 'Processing' },
  { kind: 'archived', label: 'Archived' },
  { kind: 'failed', label: 'Failed' },
];

/** Top films on the Overview. */
const TOP_FILMS_SHOWN = 5;

const signed = (value: number) => (value > 0 ? `+${formatCount(value)}` : formatCount(value));

/** Overview: the films by status, then views, watch time, rating, subscribers and top films. */
export function CreatorOverview({ films, analytics }: AnalyticsTabProps) {
  return (
    <div className="grid gap-6">
      <FilmCounts films={films.data} />
      <AnalyticsPanel films={films} analytics={analytics} loadingLabel="Loading your figures">
        {(figures) => <OverviewFigures figures={figures} />}
      </AnalyticsPanel>
    </div>
  );
}

/** Counts of the creator's films by status, from the real list. */
function FilmCounts({ films }: { films?: StudioFilm[] }) {
  const counts = new Map<FilmStateKind, number>();
  for (const film of films ?? []) {
    const kind = filmStateOf(film).kind;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return (
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
  );
}

function OverviewFigures({ figures }: { figures: CreatorAnalytics }) {
  const newSubscribers = figures.subscriberGrowth.reduce((sum, day) => sum + day.subscribers, 0);
  const mostInADay = Math.max(1, ...figures.subscriberGrowth.map((day) => Math.abs(day.subscribers)));
  const topFilms = figures.topFilms.slice(0, TOP_FILMS_SHOWN);

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard icon={Eye} label="Total views" value={formatCount(figures.totalViews)} />
        <StatCard icon={Clock} label="Watch time" value={formatWatchTime(figures.totalWatchTime)} />
        <StatCard
          icon={Star}
          label="Average rating"
          value={figures.averageRating > 0 ? `${formatRatingOutOfFive(figures.averageRating)} / 5` : '–'}
          detail={figures.averageRating > 0 ? `${figures.averageRating.toFixed(1)} / 10` : 'No ratings yet'}
        />
        <StatCard
          icon={UserPlus}
          label="Subscribers"
          value={signed(newSubscribers)}
          detail="New followers in the last 7 days"
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Top films" description="Your most viewed films, all time.">
          <RankedList
            label="Top films"
            empty="No views yet."
            items={topFilms.map((item) => ({
              key: item.film.id,
              name: item.film.title,
              figure: `${formatViews(item.views)} · ${formatWatchTime(item.watchTime)}`,
            }))}
          />
        </Panel>
        <Panel title="Subscriber growth" description="New followers a day, the last 7 days.">
          <ShareBars
            label="Subscriber growth"
            items={figures.subscriberGrowth.map((day) => ({
              label: formatDay(day.date),
              fraction: Math.abs(day.subscribers) / mostInADay,
              value: signed(day.subscribers),
            }))}
          />
        </Panel>
      </div>
    </>
  );
}
