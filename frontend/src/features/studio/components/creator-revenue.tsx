import { CircleDollarSign, Download, Eye, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { StatCard } from '@/components/ui/stat-card';
import { filmPath } from '@/config/paths';
import { formatCount, formatDollars, formatMonth, formatShare } from '@/lib/format';
import type { CreatorRevenue as CreatorRevenueFigures } from '@/lib/api/types';

import { creatorIdOf } from '../api/get-creator-analytics';
import { creatorRevenueStatementUrl, useCreatorRevenue } from '../api/get-creator-revenue';
import { AnalyticsPanel, type FilmsQuery } from './analytics-panel';
import { Panel } from './panel';

/** Dollars of ad revenue; earnings are micro-dollar exact, so small ones show 4 decimals. */
const dollars = (value: number) => formatDollars(value, value > 0 && value < 1 ? 4 : 2);

/**
 * Revenue: the creator's share of the ad revenue charged on their films (docs/advertising.md,
 * money), the all-time totals, the last 12 months, every film, and the statement as CSV.
 */
export function CreatorRevenue({ films }: { films: FilmsQuery }) {
  const creatorId = creatorIdOf(films.data);
  const revenue = useCreatorRevenue(creatorId);
  return (
    <AnalyticsPanel films={films} analytics={revenue} loadingLabel="Loading your revenue">
      {(figures) => (
        <RevenueFigures figures={figures} statementUrl={creatorRevenueStatementUrl(figures.creatorId)} />
      )}
    </AnalyticsPanel>
  );
}

function RevenueFigures({ figures, statementUrl }: { figures: CreatorRevenueFigures; statementUrl: string }) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-fg-muted">
          You earn <strong className="text-fg">{formatShare(figures.share)}</strong> of the ad revenue charged
          on your films.
        </p>
        <a href={statementUrl} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Download className="size-4" aria-hidden="true" />
          Download statement (CSV)
        </a>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          icon={Wallet}
          label="Your earnings"
          value={dollars(figures.totals.earnings)}
          detail="All time"
        />
        <StatCard
          icon={CircleDollarSign}
          label="Ad revenue"
          value={dollars(figures.totals.revenue)}
          detail="Charged to advertisers on your films"
        />
        <StatCard icon={Eye} label="Ad impressions" value={formatCount(figures.totals.impressions)} />
      </div>
      <Panel title="By month" description="The last 12 months, newest first.">
        <RevenueTable label="Revenue by month" first="Month">
          {figures.months.map((month) => (
            <Row
              key={month.month}
              name={formatMonth(month.month)}
              impressions={month.impressions}
              revenue={month.revenue}
              earnings={month.earnings}
            />
          ))}
        </RevenueTable>
      </Panel>
      <Panel title="By film" description="All time, highest earnings first.">
        {figures.films.length === 0 ? (
          <p className="text-sm text-fg-muted">No ads have played on your films yet.</p>
        ) : (
          <RevenueTable label="Revenue by film" first="Film">
            {figures.films.map((film) => (
              <Row
                key={film.filmId}
                name={
                  <Link to={filmPath(film.filmId)} className="hover:text-accent hover:underline">
                    {film.title}
                  </Link>
                }
                impressions={film.impressions}
                revenue={film.revenue}
                earnings={film.earnings}
              />
            ))}
          </RevenueTable>
        )}
      </Panel>
    </div>
  );
}

function RevenueTable({ label, first, children }: { label: string; first: string; children: ReactNode }) {
  const heading = 'py-2 text-right font-semibold';
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="text-xs tracking-wide text-fg-subtle uppercase">
          <tr>
            <th scope="col" className="py-2 font-semibold">
              {first}
            </th>
            <th scope="col" className={heading}>
              Impressions
            </th>
            <th scope="col" className={heading}>
              Ad revenue
            </th>
            <th scope="col" className={heading}>
              Your earnings
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10 tabular-nums">{children}</tbody>
      </table>
    </div>
  );
}

function Row({
  name,
  impressions,
  revenue,
  earnings,
}: {
  name: ReactNode;
  impressions: number;
  revenue: number;
  earnings: number;
}) {
  return (
    <tr>
      <th scope="row" className="py-2 pr-3 font-medium text-fg">
        {name}
      </th>
      <td className="py-2 text-right text-fg-muted">{formatCount(impressions)}</td>
      <td className="py-2 text-right text-fg-muted">{dollars(revenue)}</td>
      <td className="py-2 text-right font-semibold text-fg">{dollars(earnings)}</td>
    </tr>
  );
}
