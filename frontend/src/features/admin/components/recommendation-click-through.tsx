import { formatCount, formatPercent } from '@/lib/format';
import type { RecommendationRowKind, RowClickThrough } from '@/lib/api/types';

import { SectionCard } from './section-card';

/** What the home and film pages call each kind of row. */
const ROW_KIND_NAMES: Record<RecommendationRowKind, string> = {
  'for-you': 'For you',
  'because-you-watched': 'Because you watched',
  'critics-you-follow': 'Critics you follow',
  'trending-in-genre': 'Trending in a genre',
  'more-like-this': 'More like this',
};

/**
 * Recommendations: per row kind, the browsing sessions a row was shown in, those a film was opened
 * from it in, and their ratio (each counted once per session and row, docs/recommendations.md).
 */
export function RecommendationClickThrough({ days, rows }: { days: number; rows: RowClickThrough[] }) {
  return (
    <SectionCard
      title="Recommendations"
      description={`Rows shown and films opened from them, once per browsing session, the last ${days} days.`}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-fg-subtle">No recommendation rows shown in this period.</p>
      ) : (
        <table aria-label="Recommendation click-through" className="w-full text-left text-sm">
          <thead className="text-xs tracking-wide text-fg-subtle uppercase">
            <tr>
              <th scope="col" className="py-2 font-semibold">
                Row
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Impressions
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Clicks
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Click-through
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10 tabular-nums">
            {rows.map((row) => (
              <tr key={row.rowKind}>
                <th scope="row" className="py-2 font-medium text-fg">
                  {ROW_KIND_NAMES[row.rowKind] ?? row.rowKind}
                </th>
                <td className="py-2 text-right text-fg-muted">{formatCount(row.impressions)}</td>
                <td className="py-2 text-right text-fg-muted">{formatCount(row.clicks)}</td>
                <td className="py-2 text-right text-fg">{formatPercent(row.clickThrough * 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}
