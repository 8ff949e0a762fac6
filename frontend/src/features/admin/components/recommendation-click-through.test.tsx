import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RecommendationClickThrough } from './recommendation-click-through';

describe('RecommendationClickThrough', () => {
  it('shows each row kind by name with its impressions, clicks and click-through', () => {
    render(
      <RecommendationClickThrough
        days={30}
        rows={[
          { rowKind: 'for-you', impressions: 1200, clicks: 150, clickThrough: 0.125 },
          { rowKind: 'because-you-watched', impressions: 10, clicks: 1, clickThrough: 0.1 },
          { rowKind: 'critics-you-follow', impressions: 3, clicks: 1, clickThrough: 1 / 3 },
          { rowKind: 'trending-in-genre', impressions: 3400, clicks: 102, clickThrough: 0.03 },
          { rowKind: 'more-like-this', impressions: 900, clicks: 0, clickThrough: 0 },
        ]}
      />,
    );
    const card = screen.getByRole('region', { name: 'Recommendations' });
    expect(card).toHaveTextContent('the last 30 days');
    const rows = within(card).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowImpressionsClicksClick-through',
      'For you1,20015012.5%',
      'Because you watched10110%',
      'Critics you follow3133.3%',
      'Trending in a genre3,4001023%',
      'More like this90000%',
    ]);
  });

  it('says so when no row was shown in the period', () => {
    render(<RecommendationClickThrough days={7} rows={[]} />);
    const card = screen.getByRole('region', { name: 'Recommendations' });
    expect(card).toHaveTextContent('No recommendation rows shown in this period.');
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
  });
});
