import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CriticDashboard as Dashboard } from '@/lib/api/types';
import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { CriticDashboard } from './critic-dashboard';

const DASHBOARD = 'GET /api/critics/dashboard';
const data: Dashboard = {
  criticId: 4,
  totalReviews: 2,
  averageRating: 6.5,
  followersCount: 12,
  impactScore: 260,
  recentReviews: [
    {
      id: 9,
      reviewTitle: 'The tide turns',
      publishedAt: '2026-11-01T10:00:00.000Z',
      rating: '9',
      review: 'Better on a second look.',
      filmId: 3,
      filmTitle: 'Tidal',
    },
  ],
};

describe('CriticDashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows skeletons, then the stats with the impact score and the recent reviews', async () => {
    const answer = deferred<Response>();
    mockFetch({ [DASHBOARD]: () => answer.promise });
    renderWithProviders(<CriticDashboard />);
    expect(screen.getByLabelText('Loading dashboard')).toHaveAttribute('aria-busy', 'true');
    answer.resolve(jsonResponse(data));

    expect(await screen.findByLabelText('Impact Score')).toHaveTextContent('260');
    expect(screen.getByLabelText('Total Reviews')).toHaveTextContent('2');
    expect(screen.getByLabelText('Average Rating')).toHaveTextContent('6.5/10');
    expect(screen.getByLabelText('Followers')).toHaveTextContent('12');
    expect(screen.getByRole('heading', { name: 'Recent Reviews' })).toBeInTheDocument();
    expect(screen.getByText('The tide turns')).toBeInTheDocument();
    expect(screen.getByText('9/10')).toBeInTheDocument();
  });

  it("says 'Failed to fetch dashboard' when the call fails (e.g. not a critic)", async () => {
    mockFetch({
      [DASHBOARD]: () => jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'x' }, { status: 403 }),
    });
    renderWithProviders(<CriticDashboard />);
    expect(await screen.findByText('Failed to fetch dashboard')).toBeInTheDocument();
  });

  it('Review Films goes to /browse', async () => {
    mockFetch({ [DASHBOARD]: () => jsonResponse({ ...data, recentReviews: [] }) });
    renderWithProviders(<CriticDashboard />);
    expect(await screen.findByText('No reviews yet. Review a film to see it here.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Review Films' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/browse'));
  });
});
