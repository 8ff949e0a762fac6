import { CircleDollarSign, Clock, Target, Wallet } from 'lucide-react';

import { TARGET_COST_PER_VIEW } from '@kinora/contracts';

import { CHART_COLORS, SeriesChart } from '@/components/charts/series-chart';
import { figureBars, ShareBars } from '@/components/ui/share-bars';
import { StatCard } from '@/components/ui/stat-card';
import { ADMIN_MONTHLY_COSTS_SHOWN } from '@/config/constants';
import { formatCount, formatDollars, formatMonth } from '@/lib/format';
import { cn } from '@/lib/utils';

import { PlatformAnalyticsState } from './platform-analytics-state';
import { SectionCard } from './section-card';

/** Unit costs are shown to four decimals ($0.0900). */
const unit = (dollars: number) => formatDollars(dollars, 4);

/**
 * Revenue: what streaming costs per view and per watch hour against the target cost per view, the
 * cost's parts and prices, and the last 6 months.
 */
export function PlatformRevenue() {
  return (
    <PlatformAnalyticsState label="Loading revenue" skeleton={4}>
      {({ revenueMetrics: revenue }) => {
        const within = revenue.costPerView <= TARGET_COST_PER_VIEW;
        const { egress, transcoding, storage } = revenue.breakdown;
        const parts = [
          { label: 'Egress', value: egress },
          { label: 'Transcoding', value: transcoding },
          { label: 'Storage', value: storage },
        ];
        const partsTotal = Math.max(Number.EPSILON, egress + transcoding + storage);
        const months = revenue.monthlyCosts.slice(-ADMIN_MONTHLY_COSTS_SHOWN);
        return (
          <div className="grid gap-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard icon={CircleDollarSign} label="Cost per view" value={unit(revenue.costPerView)} />
              <StatCard icon={Clock} label="Cost per watch hour" value={unit(revenue.costPerHour)} />
              <StatCard
                icon={Target}
                label="Target cost per view"
                value={unit(TARGET_COST_PER_VIEW)}
                detail={
                  <span
                    data-testid="target-status"
                    className={cn('font-semibold', within ? 'text-emerald-300' : 'text-red-300')}
                  >
                    {within ? 'Within target' : 'Above target'}
                  </span>
                }
              />
              <StatCard icon={Wallet} label="Total streaming cost" value={formatDollars(revenue.totalCost)} />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <SectionCard title="Cost breakdown" description="Egress, transcoding and storage, all time.">
                <ShareBars label="Cost breakdown" items={figureBars(parts, partsTotal, formatDollars)} />
              </SectionCard>
              <SectionCard title="Prices" description="The cost model's prices.">
                <dl className="grid gap-3 text-sm">
                  <Price term="Egress" value={`${unit(revenue.prices.egressPerGb)} per GB`} />
                  <Price term="Transcoding" value={`${unit(revenue.prices.transcodePerMinute)} per minute`} />
                  <Price term="Storage" value={`${unit(revenue.prices.storagePerGbMonth)} per GB-month`} />
                </dl>
              </SectionCard>
            </div>
            <SectionCard title="Monthly costs" description={`The last ${ADMIN_MONTHLY_COSTS_SHOWN} months.`}>
              <SeriesChart
                label="Monthly streaming cost"
                data={months}
                xKey="month"
                xLabel="Month"
                formatX={(value) => formatMonth(String(value))}
                series={[
                  {
                    key: 'cost',
                    label: 'Cost',
                    color: CHART_COLORS.accent,
                    kind: 'bar',
                    format: formatDollars,
                  },
                ]}
              />
              <table aria-label="Monthly costs" className="mt-4 w-full text-left text-sm">
                <thead className="text-xs tracking-wide text-fg-subtle uppercase">
                  <tr>
                    <th scope="col" className="py-2 font-semibold">
                      Month
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      Cost
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      Views
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      Per view
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-white/10 tabular-nums">
                  {months.map((month) => (
                    <tr key={month.month}>
                      <th scope="row" className="py-2 font-medium text-fg">
                        {formatMonth(month.month)}
                      </th>
                      <td className="py-2 text-right text-fg">{formatDollars(month.cost)}</td>
                      <td className="py-2 text-right text-fg-muted">{formatCount(month.views)}</td>
                      <td className="py-2 text-right text-fg-muted">
                        {month.views > 0 ? unit(month.cost / month.views) : '–'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </SectionCard>
          </div>
        );
      }}
    </PlatformAnalyticsState>
  );
}

function Price({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-fg-muted">{term}</dt>
      <dd className="font-semibold text-fg tabular-nums">{value}</dd>
    </div>
  );
}
