import { Pause, Play } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatCount, formatDate, formatDollars, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { Campaign, CampaignPacing, CampaignStatus } from '@/lib/api/types';

const PACING: Record<CampaignPacing, { label: string; className: string }> = {
  on_pace: { label: 'On pace', className: 'bg-emerald-500/15 text-emerald-300' },
  behind: { label: 'Behind', className: 'bg-amber-500/15 text-amber-300' },
  ahead: { label: 'Ahead', className: 'bg-sky-500/15 text-sky-300' },
  not_started: { label: 'Not started', className: 'bg-white/10 text-fg-muted' },
  ended: { label: 'Ended', className: 'bg-white/5 text-fg-muted' },
};

const STATUS: Record<CampaignStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'border-white/20 text-fg-muted' },
  active: { label: 'Active', className: 'border-emerald-400/40 text-emerald-300' },
  paused: { label: 'Paused', className: 'border-amber-400/40 text-amber-300' },
  ended: { label: 'Ended', className: 'border-white/10 text-fg-subtle' },
};

/**
 * One campaign: its advertiser, status as served and pacing, spend against budget, impressions,
 * clicks and CTR, bid and flight; Pause for an active campaign, Resume (Activate for a draft)
 * otherwise, nothing once it has ended.
 */
export function CampaignCard({
  campaign,
  onSetStatus,
  busy,
}: {
  campaign: Campaign;
  onSetStatus: (status: CampaignStatus) => void;
  busy: boolean;
}) {
  const status = STATUS[campaign.effectiveStatus];
  const pacing = PACING[campaign.pacing];
  const spentShare = campaign.budget > 0 ? campaign.spent / campaign.budget : 0;
  const ctr = campaign.impressions > 0 ? (campaign.clicks / campaign.impressions) * 100 : 0;
  const action =
    campaign.effectiveStatus === 'active'
      ? { label: 'Pause', next: 'paused' as const, icon: Pause }
      : campaign.effectiveStatus === 'ended'
        ? null
        : { label: campaign.status === 'draft' ? 'Activate' : 'Resume', next: 'active' as const, icon: Play };

  return (
    <article
      aria-label={campaign.name}
      className="grid gap-4 rounded-2xl border border-white/10 bg-white/[0.03] p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-base font-bold text-fg">{campaign.name}</h3>
          <p className="truncate text-sm text-fg-muted">{campaign.advertiserName}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2 text-xs font-semibold">
          <span
            data-testid="campaign-status"
            className={cn('rounded-full border px-2 py-0.5', status.className)}
          >
            {status.label}
          </span>
          <span data-testid="campaign-pacing" className={cn('rounded-full px-2 py-0.5', pacing.className)}>
            {pacing.label}
          </span>
        </div>
      </header>

      <div className="grid gap-1.5">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="text-fg-muted">Spend</span>
          <span className="text-fg tabular-nums">
            {formatDollars(campaign.spent)} of {formatDollars(campaign.budget)}
          </span>
        </div>
        <ProgressBar label={`${campaign.name}: spend of budget`} fraction={spentShare} />
      </div>

      <dl className="grid grid-cols-3 gap-3 text-sm">
        <Figure term="Impressions" value={formatCount(campaign.impressions)} />
        <Figure term="Clicks" value={formatCount(campaign.clicks)} />
        <Figure term="CTR" value={formatPercent(ctr, 2)} />
      </dl>

      <footer className="flex flex-wrap items-center justify-between gap-3 text-xs text-fg-subtle">
        <span>
          {formatDollars(campaign.cpm)} CPM · {campaign.delivery === 'even' ? 'even' : 'ASAP'} ·{' '}
          {formatDate(campaign.startsAt)} – {formatDate(campaign.endsAt)}
        </span>
        {action ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onSetStatus(action.next)}
            aria-label={`${action.label} ${campaign.name}`}
          >
            <action.icon className="size-4" aria-hidden="true" />
            {action.label}
          </Button>
        ) : null}
      </footer>
    </article>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-fg-subtle">{term}</dt>
      <dd className="font-semibold text-fg tabular-nums">{value}</dd>
    </div>
  );
}
