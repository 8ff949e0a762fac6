import { CircleDollarSign, Eye, Megaphone, MousePointerClick, Percent, Plus, Wallet } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ShareBars } from '@/components/ui/share-bars';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount, formatDollars, formatPercent, formatRelativeTime, formatShare } from '@/lib/format';
import type { AdMetrics, AdOptimization } from '@/lib/api/types';

import { useCampaigns, useSetCampaignStatus } from '../api/ad-campaigns';
import { useAdOptimizations } from '../api/ad-optimizations';
import { CampaignCard } from './campaign-card';
import { CampaignFormDialog } from './campaign-form-dialog';
import { PlatformAnalyticsState } from './platform-analytics-state';
import { ListState, SectionCard } from './section-card';

/**
 * Advertising (docs/advertising.md): the ad figures (analytics), the campaigns with New Campaign,
 * and the Recent Optimizations log (ads), each asked again every 30 s like the other tabs.
 */
export function AdvertisingPanel() {
  return (
    <div className="grid gap-6">
      <PlatformAnalyticsState label="Loading advertising figures" skeleton={6}>
        {({ adMetrics }) => <AdFigures metrics={adMetrics} />}
      </PlatformAnalyticsState>
      <Campaigns />
      <RecentOptimizations />
    </div>
  );
}

function AdFigures({ metrics }: { metrics: AdMetrics }) {
  const placements = [
    { label: 'Pre-roll', ...metrics.preRoll },
    { label: 'Mid-roll', ...metrics.midRoll },
    { label: 'Post-roll', ...metrics.postRoll },
  ];
  const largest = Math.max(Number.EPSILON, ...placements.map((item) => item.revenue));
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard icon={CircleDollarSign} label="Ad revenue" value={formatDollars(metrics.totalRevenue)} />
        <StatCard
          icon={Eye}
          label="Impressions"
          value={formatCount(metrics.totalImpressions)}
          detail={`${formatShare(metrics.completionRate)} watched to the end`}
        />
        <StatCard icon={Megaphone} label="Active campaigns" value={formatCount(metrics.activeCampaigns)} />
        <StatCard
          icon={Wallet}
          label="Total budget"
          value={formatDollars(metrics.totalBudget)}
          detail="Of the active campaigns"
        />
        <StatCard icon={Percent} label="Average CTR" value={formatPercent(metrics.averageCTR * 100, 2)} />
        <StatCard icon={MousePointerClick} label="Clicks" value={formatCount(metrics.totalClicks)} />
      </div>
      <SectionCard
        title="Placements"
        description="Revenue and views of pre-roll, mid-roll and post-roll ads."
      >
        <ShareBars
          label="Revenue by placement"
          items={placements.map((item) => ({
            label: item.label,
            fraction: item.revenue / largest,
            value: `${formatDollars(item.revenue)} · ${formatCount(item.views)} views`,
          }))}
        />
      </SectionCard>
    </div>
  );
}

function Campaigns() {
  const campaigns = useCampaigns();
  const setStatus = useSetCampaignStatus();
  const [creating, setCreating] = useState(false);
  return (
    <SectionCard
      title="Campaigns"
      description="Spend against budget, delivery and pacing of every campaign."
      actions={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden="true" />
          New Campaign
        </Button>
      }
    >
      <ListState query={campaigns} empty="No campaigns yet." errorText="Campaigns could not be loaded.">
        <div className="grid gap-4 lg:grid-cols-2">
          {(campaigns.data ?? []).map((campaign) => (
            <CampaignCard
              key={campaign.id}
              campaign={campaign}
              busy={setStatus.isPending && setStatus.variables?.id === campaign.id}
              onSetStatus={(status) => setStatus.mutate({ id: campaign.id, status })}
            />
          ))}
        </div>
      </ListState>
      <CampaignFormDialog open={creating} onOpenChange={setCreating} />
    </SectionCard>
  );
}

const OPTIMIZATION_LABELS: Record<AdOptimization['kind'], string> = {
  paced: 'Held back to stay on pace',
  capped: 'Held back by a frequency cap',
  budget_exhausted: 'Budget exhausted',
  flight_ended: 'Flight ended',
};

/** 'Held back to stay on pace: 1,234 selections in 22 minutes since 10:03'. */
function optimizationSummary(entry: AdOptimization): string {
  const label = OPTIMIZATION_LABELS[entry.kind];
  if (entry.kind !== 'paced' && entry.kind !== 'capped') return label;
  const minutes = entry.entries === 1 ? 'one minute' : `${formatCount(entry.entries)} minutes`;
  const since = new Date(entry.firstAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${label}: ${formatCount(entry.count)} ${entry.count === 1 ? 'selection' : 'selections'} in ${minutes}${entry.entries > 1 ? ` since ${since}` : ''}`;
}

function RecentOptimizations() {
  const optimizations = useAdOptimizations();
  return (
    <SectionCard
      title="Recent Optimizations"
      description="What pacing, frequency caps, budgets and flights did in the last 24 hours, by campaign and cause; checked once a minute."
    >
      <ListState
        query={optimizations}
        empty="Nothing to report yet."
        errorText="Recent optimizations could not be loaded."
      >
        <ul aria-label="Recent optimizations" className="divide-y divide-white/10">
          {(optimizations.data ?? []).map((entry) => (
            <li
              key={`${entry.campaignId}-${entry.kind}`}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold text-fg">
                  {entry.campaignName}: {optimizationSummary(entry)}
                </p>
                {entry.detail ? <p className="text-fg-muted">Latest: {entry.detail}</p> : null}
              </div>
              <time dateTime={entry.at} className="shrink-0 text-xs text-fg-subtle">
                {formatRelativeTime(entry.at)}
              </time>
            </li>
          ))}
        </ul>
      </ListState>
    </SectionCard>
  );
}
