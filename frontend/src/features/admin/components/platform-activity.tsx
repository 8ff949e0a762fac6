import { BadgeCheck } from 'lucide-react';

import { CHART_COLORS, SeriesChart } from '@/components/charts/series-chart';
import { ADMIN_TOP_PERFORMERS_SHOWN } from '@/config/constants';
import {
  formatCount,
  formatDay,
  formatFollowers,
  formatHours,
  formatRatingOutOfFive,
  formatViews,
} from '@/lib/format';

import { PlatformAnalyticsState } from './platform-analytics-state';
import { SectionCard } from './section-card';

/** Analytics: top films and top creators of the period, and daily viewing activity. */
export function PlatformActivity() {
  return (
    <PlatformAnalyticsState label="Loading analytics">
      {({ days, topPerformers, growthMetrics }) => {
        const films = topPerformers.films.slice(0, ADMIN_TOP_PERFORMERS_SHOWN);
        const creators = topPerformers.creators.slice(0, ADMIN_TOP_PERFORMERS_SHOWN);
        const activity = growthMetrics.viewingGrowth.map((day) => ({
          date: day.date,
          views: day.views,
          viewers: day.viewers,
          watchHours: day.watchTime / 3600,
        }));
        return (
          <div className="grid gap-6">
            <div className="grid gap-6 lg:grid-cols-2">
              <SectionCard title="Top films" description={`Most viewed in the last ${days} days.`}>
                {films.length === 0 ? (
                  <p className="text-sm text-fg-muted">No views in this period.</p>
                ) : (
                  <ol aria-label="Top films" className="grid gap-3">
                    {films.map(({ film, views, rating }, index) => (
                      <li key={film.id} aria-label={film.title} className="flex items-baseline gap-3 text-sm">
                        <span className="w-5 shrink-0 font-bold text-accent tabular-nums">{index + 1}</span>
                        <span className="min-w-0 flex-1 truncate font-semibold text-fg">{film.title}</span>
                        <span className="shrink-0 text-fg-muted tabular-nums">
                          {formatViews(views)} ·{' '}
                          {rating > 0 ? `${formatRatingOutOfFive(rating)} / 5` : 'Not yet rated'}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </SectionCard>
              <SectionCard title="Top creators" description={`Most viewed in the last ${days} days.`}>
                {creators.length === 0 ? (
                  <p className="text-sm text-fg-muted">No views in this period.</p>
                ) : (
                  <ol aria-label="Top creators" className="grid gap-3">
                    {creators.map(({ creator, followers, views }, index) => (
                      <li
                        key={creator.id}
                        aria-label={creator.name}
                        className="flex items-baseline gap-3 text-sm"
                      >
                        <span className="w-5 shrink-0 font-bold text-accent tabular-nums">{index + 1}</span>
                        <span className="flex min-w-0 flex-1 items-center gap-2">
                          <span className="truncate font-semibold text-fg">{creator.name}</span>
                          {creator.isVerified ? (
                            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">
                              <BadgeCheck className="size-3.5" aria-hidden="true" />
                              Verified
                            </span>
                          ) : null}
                        </span>
                        <span className="shrink-0 text-fg-muted tabular-nums">
                          {formatFollowers(followers)} · {formatViews(views)}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </SectionCard>
            </div>
            <SectionCard
              title="Activity"
              description={`Views, viewers and watch hours a day, the last ${days} days.`}
            >
              <SeriesChart
                label="Viewing activity"
                data={activity}
                xKey="date"
                xLabel="Day"
                formatX={(value) => formatDay(String(value))}
                height={280}
                series={[
                  {
                    key: 'views',
                    label: 'Views',
                    color: CHART_COLORS.accent,
                    kind: 'bar',
                    format: formatCount,
                  },
                  { key: 'viewers', label: 'Viewers', color: CHART_COLORS.sky, format: formatCount },
                  {
                    key: 'watchHours',
                    label: 'Watch hours',
                    color: CHART_COLORS.emerald,
                    axis: 'right',
                    format: (hours) => formatHours(hours * 3600),
                  },
                ]}
              />
            </SectionCard>
          </div>
        );
      }}
    </PlatformAnalyticsState>
  );
}
