import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CREATOR_ANALYTICS_REFRESH_MS } from '@kinora/contracts';

import { getCreatorRevenueQueryOptions } from '@/features/studio/api/get-creator-revenue';
import type { CreatorRevenue } from '@/lib/api/types';
import { mockFetch } from '@/testing/mock-fetch';
import { makeStudioFilm } from '@/testing/studio-fixtures';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

vi.setConfig({ testTimeout: 20_000 });

const films = [
  makeStudioFilm({ id: 4, title: 'Live One', status: 'published', publishedAt: '2026-01-02T00:00:00.000Z' }),
];
const REVENUE = 'GET /api/analytics/creator/4/revenue';

const revenue: CreatorRevenue = {
  creatorId: 4,
  share: 0.55,
  totals: { revenue: 150.5, earnings: 82.775, impressions: 30_100 },
  months: [
    { month: '2026-03', revenue: 100, earnings: 55, impressions: 20_000 },
    { month: '2026-02', revenue: 50.5, earnings: 27.775, impressions: 10_100 },
    { month: '2026-01', revenue: 0, earnings: 0, impressions: 0 },
  ],
  films: [
    { filmId: 4, title: 'Live One', revenue: 140, earnings: 77, impressions: 28_000 },
    { filmId: 9, title: 'Gone Reel', revenue: 10.5, earnings: 5.775, impressions: 2100 },
  ],
};

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

/** The creator dashboard's Revenue tab: GET /api/analytics/creator/{id}/revenue and its CSV statement. */
describe('/creator-dashboard revenue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the share, the totals, each month and each film, and links the CSV statement', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser({ roles: ['creator'] }) }),
      'GET /api/studio/films': () => jsonResponse(films),
      'GET /api/analytics/creator/4?days=30': () => new Response('', { status: 503 }),
      [REVENUE]: () => jsonResponse(revenue),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard', routes });

    await userEvent.click(await screen.findByRole('tab', { name: 'Revenue' }));

    expect(await screen.findByText(/of the ad revenue charged on your films/)).toHaveTextContent(
      'You earn 55% of the ad revenue charged on your films.',
    );
    expect(screen.getByRole('group', { name: 'Your earnings' })).toHaveTextContent('$82.78');
    expect(screen.getByRole('group', { name: 'Ad revenue' })).toHaveTextContent('$150.50');
    expect(screen.getByRole('group', { name: 'Ad impressions' })).toHaveTextContent('30,100');
    expect(rowTexts(screen.getByRole('table', { name: 'Revenue by month' }))).toStrictEqual([
      ['Mar 2026', '20,000', '$100.00', '$55.00'],
      ['Feb 2026', '10,100', '$50.50', '$27.78'],
      ['Jan 2026', '0', '$0.00', '$0.00'],
    ]);
    const byFilm = screen.getByRole('table', { name: 'Revenue by film' });
    expect(rowTexts(byFilm)).toStrictEqual([
      ['Live One', '28,000', '$140.00', '$77.00'],
      ['Gone Reel', '2,100', '$10.50', '$5.78'],
    ]);
    expect(within(byFilm).getByRole('link', { name: 'Live One' })).toHaveAttribute('href', '/film/4');
    const statement = screen.getByRole('link', { name: 'Download statement (CSV)' });
    expect(statement).toHaveAttribute('href', '/api/analytics/creator/4/revenue.csv');
    expect(statement).toHaveAttribute('download');
    expect(screen.getByRole('tab', { name: 'Revenue' })).toHaveAttribute('aria-selected', 'true');
  });

  it('asks again every 60 s, and says so when the figures cannot be had', async () => {
    expect(getCreatorRevenueQueryOptions(4).refetchInterval).toBe(CREATOR_ANALYTICS_REFRESH_MS);
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser({ roles: ['creator'] }) }),
      'GET /api/studio/films': () => jsonResponse(films),
      [REVENUE]: () =>
        jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'Forbidden' }, { status: 403 }),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=revenue', routes });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You can only see your own creator profile's figures.",
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
