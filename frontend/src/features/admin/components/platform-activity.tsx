import { BadgeCheck } from 'lucide-react';

import { CHART_COLORS, DailyChart } from '@/components/charts/series-chart';
import { IconPill } from '@/components/ui/icon-pill';
import { RankedList, type RankedItem } from '@/components/ui/ranked-list';
import { ADMIN_TOP_PERFORMERS_SHOWN } from '@/config/constants';
import { formatCount, formatFollowers, formatHours, formatRatingOutOfFive, formatViews } from '@/lib/format';
import type { TopPerformers } from '@/lib/api/types';

import { PlatformAnalyticsState } from './platform-analytics-state';
import { RecommendationClickThrough } from './recommendation-click-through';
import { SectionCard } from './section-card';

/** A card of the period's most viewed, its list named after its title. */
function TopList({ title, days, items }: { title: string; days: number; items: RankedItem[] }) {
  return (
    <SectionCard title={title} description={`Most viewed in the last ${days} days.`}>
      <RankedList label={title} empty="No views in this period." items={items} labelled />
    </SectionCard>
  );
}

type TopFilm = TopPerformers['films'][number];
type TopCreator = TopPerformers['creators'][number];

/** A top film's row: its views and its rating out of 5. */
const filmRow = ({ film, views, rating }: TopFilm): RankedItem => ({
  key: film.id,
  name: film.title,
  figure: `${formatViews(views)} · ${rating > 0 ? `${formatRatingOutOfFive(rating)} / 5` : 'Not yet rated'}`,
});

/** A top creator's row: a Verified pill where they are, their followers and views. */
const creatorRow = ({ creator, followers, views }: TopCreator): RankedItem => ({
  key: creator.id,
  name: creator.name,
  badge: creator.isVerified ? (
    <IconPill
      icon={BadgeCheck}
      className="shrink-0 bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent"
    >
      Verified
    </IconPill>
  ) : null,
  figure: `${formatFollowers(followers)} · ${formatViews(views)}`,
});

/** Analytics: top films and top creators of the period, daily viewing activity and recommendation click-through. */
export function PlatformActivity() {
  return (
    <PlatformAnalyticsState label="Loading analytics">
      {({ days, topPerformers, growthMetrics, recommendations }) => {
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
              <TopList title="Top films" days={days} items={films.map(filmRow)} />
              <TopList title="Top creators" days={days} items={creators.map(creatorRow)} />
            </div>
            <SectionCard
              title="Activity"
              description={`Views, viewers and watch hours a day, the last ${days} days.`}
            >
              <DailyChart
                label="Viewing activity"
                data={activity}
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
            <RecommendationClickThrough days={days} rows={recommendations} />
          </div>
        );
      }}
    </PlatformAnalyticsState>
  );
}
