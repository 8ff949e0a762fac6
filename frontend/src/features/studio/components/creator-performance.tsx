import { Lightbulb, Sparkles } from 'lucide-react';

import { CHART_COLORS, DailyChart } from '@/components/charts/series-chart';
import { ShareBars } from '@/components/ui/share-bars';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount, formatHours, formatPercent, formatViews, formatWatchTime } from '@/lib/format';
import type { CreatorAnalytics } from '@/lib/api/types';

import { countryBars, deviceBars } from '../utils/analytics-shares';
import { analyticsTab } from './analytics-panel';
import { Panel } from './panel';

/** Countries on the Analytics tab (the Audience tab shows more). */
const COUNTRIES_SHOWN = 5;

/**
 * Analytics: the range's views and watch time, its views that followed a click in a recommendation
 * row, daily views and watch time, top countries, devices and insights.
 */
export const CreatorPerformance = analyticsTab('Loading your analytics', PerformanceFigures);

function PerformanceFigures({ figures }: { figures: CreatorAnalytics }) {
  const daily = figures.daily.map((day) => ({
    date: day.date,
    views: day.views,
    sessions: day.sessions,
    watchHours: day.watchTime / 3600,
  }));
  const period = `the last ${figures.days} days`;

  return (
    <div className="grid gap-6">
      <p className="text-fg-muted" data-testid="period-summary">
        {formatViews(figures.periodViews)} and {formatWatchTime(figures.periodWatchTime)} watched in {period}.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={Sparkles}
          label="Views from recommendations"
          value={formatCount(figures.recommendedViews)}
          detail={
            figures.periodViews > 0
              ? `${formatPercent(Math.min(100, (figures.recommendedViews / figures.periodViews) * 100))} of views in ${period}`
              : `No views in ${period}`
          }
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Daily views" description={`Views and plays a day, ${period}.`}>
          <DailyChart
            label="Daily views"
            data={daily}
            series={[
              { key: 'views', label: 'Views', color: CHART_COLORS.accent, kind: 'bar', format: formatCount },
              { key: 'sessions', label: 'Plays', color: CHART_COLORS.sky, format: formatCount },
            ]}
          />
        </Panel>
        <Panel title="Daily watch time" description={`Hours watched a day, ${period}.`}>
          <DailyChart
            label="Daily watch time"
            data={daily}
            series={[
              {
                key: 'watchHours',
                label: 'Watch hours',
                color: CHART_COLORS.emerald,
                format: (hours) => formatHours(hours * 3600),
              },
            ]}
          />
        </Panel>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Top countries" description={`Where your plays came from, ${period}.`}>
          <ShareBars
            label="Top countries"
            items={countryBars(figures.demographics.countries, COUNTRIES_SHOWN)}
            empty="No plays in this period."
          />
        </Panel>
        <Panel title="Devices" description={`What your audience watched on, ${period}.`}>
          <ShareBars
            label="Devices"
            items={deviceBars(figures.demographics.devices)}
            empty="No plays in this period."
          />
        </Panel>
      </div>
      <Panel title="Insights">
        {figures.insights.length === 0 ? (
          <p className="text-sm text-fg-muted">Insights appear once your films have been watched.</p>
        ) : (
          <ul aria-label="Insights" className="grid gap-3 sm:grid-cols-2">
            {figures.insights.map((insight) => (
              <li
                key={`${insight.kind}-${insight.title}`}
                className="flex gap-3 rounded-xl bg-white/[0.03] p-4"
              >
                <Lightbulb className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                <div>
                  <p className="font-semibold text-fg">{insight.title}</p>
                  <p className="mt-0.5 text-sm text-fg-muted">{insight.detail}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
