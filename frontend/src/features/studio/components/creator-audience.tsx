import { TrendingUp, Users } from 'lucide-react';

import { ShareBars } from '@/components/ui/share-bars';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount, formatFollowers, formatPercent } from '@/lib/format';
import type { CreatorAnalytics } from '@/lib/api/types';

import { countryBars } from '../utils/analytics-shares';
import { analyticsTab } from './analytics-panel';
import { Panel } from './panel';

/** Countries on the Audience tab. */
const COUNTRIES_SHOWN = 8;

/** Audience: followers, their growth over 30 days, and where the plays come from. */
export const CreatorAudience = analyticsTab('Loading your audience', AudienceFigures);

function AudienceFigures({ figures }: { figures: CreatorAnalytics }) {
  const { percent, followers, followersMonthAgo } = figures.growthRate;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard icon={Users} label="Total followers" value={formatCount(figures.totalFollowers)} />
        <StatCard
          icon={TrendingUp}
          label="Growth rate"
          value={
            percent === null ? (
              <span className="text-base font-semibold text-fg-muted">No followers a month ago</span>
            ) : (
              `${percent > 0 ? '+' : ''}${formatPercent(percent)}`
            )
          }
          detail={`${formatFollowers(followersMonthAgo)} 30 days ago, ${formatFollowers(followers)} now`}
        />
      </div>
      <Panel title="Top countries" description={`Where your plays came from, the last ${figures.days} days.`}>
        <ShareBars
          label="Audience countries"
          items={countryBars(figures.demographics.countries, COUNTRIES_SHOWN)}
          empty="No plays in this period."
        />
      </Panel>
    </div>
  );
}
