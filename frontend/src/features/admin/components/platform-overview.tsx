import { Clock, DollarSign, Film, Users } from 'lucide-react';

import { figureBars, ShareBars } from '@/components/ui/share-bars';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount, formatDollars, formatHours } from '@/lib/format';

import { PlatformAnalyticsState } from './platform-analytics-state';
import { SectionCard } from './section-card';

/**
 * Overview's platform figures: users (and those active in 30 days), films (and those pending),
 * watch hours, streaming cost (and per view), and the growth of users, films and views.
 */
export function PlatformOverview() {
  return (
    <PlatformAnalyticsState label="Loading platform figures" skeleton={4}>
      {({ days, platformStats: stats, revenueMetrics: revenue, growthMetrics: growth }) => {
        const growthFigures = [
          { label: 'New users', value: growth.newUsers },
          { label: 'New films', value: growth.newFilms },
          { label: 'Views', value: growth.views },
        ];
        const largest = Math.max(1, ...growthFigures.map((item) => item.value));
        return (
          <div className="grid gap-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard
                icon={Users}
                label="Total users"
                value={formatCount(stats.totalUsers)}
                detail={`${formatCount(stats.activeUsers)} active in the last 30 days`}
              />
              <StatCard
                icon={Film}
                label="Total films"
                value={formatCount(stats.totalFilms)}
                detail={`${formatCount(stats.pendingFilms)} pending review`}
              />
              <StatCard
                icon={Clock}
                label="Total watch hours"
                value={formatHours(stats.totalWatchTime)}
                detail={`${formatCount(stats.totalViews)} views`}
              />
              <StatCard
                icon={DollarSign}
                label="Streaming cost"
                value={formatDollars(revenue.totalCost)}
                detail={`${formatDollars(revenue.costPerView, 4)} per view`}
              />
            </div>
            <SectionCard
              title="Growth"
              description={`New users, new films and views, the last ${days} days.`}
            >
              <ShareBars label="Growth" items={figureBars(growthFigures, largest, formatCount)} />
            </SectionCard>
          </div>
        );
      }}
    </PlatformAnalyticsState>
  );
}
