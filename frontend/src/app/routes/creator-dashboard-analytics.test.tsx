import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CREATOR_ANALYTICS_REFRESH_MS } from '@kinora/contracts';

import { getCreatorAnalyticsQueryOptions } from '@/features/studio/api/get-creator-analytics';
import { makeCreatorAnalytics } from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { makeStudioFilm } from '@/testing/studio-fixtures';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

vi.setConfig({ testTimeout: 20_000 });

const creator = () => jsonResponse({ user: makeUser({ roles: ['creator'] }) });
const films = [
  makeStudioFilm({ id: 3, title: 'In Line', status: 'pending' }),
  makeStudioFilm({ id: 4, title: 'Live One', status: 'published', publishedAt: '2026-01-02T00:00:00.000Z' }),
];

const ANALYTICS = 'GET /api/analytics/creator/4?days=30';
const withFigures = {
  'GET /api/auth/session': creator,
  'GET /api/studio/films': () => jsonResponse(films),
  [ANALYTICS]: () => jsonResponse(makeCreatorAnalytics()),
};
const row = (title: string) => screen.getByRole('listitem', { name: title });
const group = (name: string) => screen.getByRole('group', { name });

/** The creator dashboard's figures: GET /api/analytics/creator/{id} (the creator's id from their films). */
describe('/creator-dashboard figures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("fills the Overview with the creator's views, watch time, rating, subscribers and top films", async () => {
    mockFetch(withFigures);
    renderWithProviders(<></>, { route: '/creator-dashboard', routes });

    expect(await screen.findByRole('group', { name: 'Total views' })).toHaveTextContent('12,345');
    expect(group('Watch time')).toHaveTextContent('103h 28m');
    expect(group('Average rating')).toHaveTextContent('3.7 / 5');
    expect(group('Average rating')).toHaveTextContent('7.4 / 10');
    // The sum of the last 7 days' net new followers.
    expect(group('Subscribers')).toHaveTextContent('+14');
    const top = screen.getByRole('list', { name: 'Top films' });
    expect(within(top).getAllByRole('listitem')).toHaveLength(5);
    expect(within(top).getAllByRole('listitem')[0]).toHaveTextContent('1Live One1.5K views · 12h 30m');
    expect(within(top).queryByText('Sixth Sense')).not.toBeInTheDocument();
    const growth = screen.getByRole('list', { name: 'Subscriber growth' });
    expect(within(growth).getAllByRole('listitem')).toHaveLength(7);
    expect(within(growth).getByRole('listitem', { name: 'Mar 4' })).toHaveTextContent('+3');
    expect(within(growth).getByRole('listitem', { name: 'Mar 7' })).toHaveTextContent('-1');
  });

  it('shows countries, devices, insights and the daily figures on the Analytics tab', async () => {
    mockFetch(withFigures);
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=analytics', routes });

    expect(await screen.findByTestId('period-summary')).toHaveTextContent(
      '2.4K views and 2h 1m watched in the last 30 days.',
    );
    // 180 of the 2,400 views followed a click in a recommendation row.
    expect(group('Views from recommendations')).toHaveTextContent(
      'Views from recommendations1807.5% of views in the last 30 days',
    );
    const countries = screen.getByRole('list', { name: 'Top countries' });
    expect(
      within(countries)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Germany', 'United States', 'France', 'Spain', 'Italy']);
    expect(within(countries).getByRole('listitem', { name: 'Germany' })).toHaveTextContent(
      '41.7% · 500 sessions',
    );
    const devices = screen.getByRole('list', { name: 'Devices' });
    expect(within(devices).getByRole('listitem', { name: 'Desktop' })).toHaveTextContent(
      '62.5% · 750 sessions',
    );
    expect(within(devices).getByRole('listitem', { name: 'Tablet' })).toHaveTextContent('8.3%');
    const insights = screen.getByRole('list', { name: 'Insights' });
    expect(within(insights).getByText('Saturdays are your best day')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Daily views' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Daily watch time' })).toBeInTheDocument();
  });

  it('shows followers, their growth and 8 countries on the Audience tab', async () => {
    mockFetch(withFigures);
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=audience', routes });

    expect(await screen.findByRole('group', { name: 'Total followers' })).toHaveTextContent('1,200');
    expect(group('Growth rate')).toHaveTextContent('+20%');
    expect(group('Growth rate')).toHaveTextContent('1K followers 30 days ago, 1.2K followers now');
    const countries = screen.getByRole('list', { name: 'Audience countries' });
    expect(within(countries).getAllByRole('listitem')).toHaveLength(8);
    expect(within(countries).getByRole('listitem', { name: 'Unknown' })).toBeInTheDocument();
  });

  it('says "No followers a month ago" when there is no growth rate', async () => {
    mockFetch({
      ...withFigures,
      [ANALYTICS]: () =>
        jsonResponse(
          makeCreatorAnalytics({ growthRate: { followers: 3, followersMonthAgo: 0, percent: null } }),
        ),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=audience', routes });

    expect(await screen.findByRole('group', { name: 'Growth rate' })).toHaveTextContent(
      'No followers a month ago',
    );
  });

  it('shows views from recommendations without a share when the period has no views', async () => {
    mockFetch({
      ...withFigures,
      [ANALYTICS]: () =>
        jsonResponse(makeCreatorAnalytics({ periodViews: 0, periodWatchTime: 0, recommendedViews: 0 })),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=analytics', routes });

    expect(await screen.findByRole('group', { name: 'Views from recommendations' })).toHaveTextContent(
      'Views from recommendations0No views in the last 30 days',
    );
  });

  it('asks for the chosen range and keeps it in the URL', async () => {
    const { fetchMock } = mockFetch({
      ...withFigures,
      'GET /api/analytics/creator/4?days=7': () =>
        jsonResponse(
          makeCreatorAnalytics({ days: 7, periodViews: 90, periodWatchTime: 600, recommendedViews: 9 }),
        ),
    });
    const { router } = renderWithProviders(<></>, { route: '/creator-dashboard?tab=analytics', routes });
    await screen.findByTestId('period-summary');

    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));

    await waitFor(() =>
      expect(screen.getByTestId('period-summary')).toHaveTextContent(
        '90 views and 0h 10m watched in the last 7 days.',
      ),
    );
    expect(group('Views from recommendations')).toHaveTextContent('910% of views in the last 7 days');
    expect(router.state.location.search).toBe('?tab=analytics&days=7');
    expect(fetchMock).toHaveBeenCalledWith('/api/analytics/creator/4?days=7', expect.anything());
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
  });

  it.each([
    [403, "You can only see your own creator profile's figures."],
    [404, 'No figures were found for your creator profile.'],
    [500, 'Your figures could not be loaded right now. Try again in a moment.'],
  ])('explains a %i from analytics', async (status, text) => {
    mockFetch({
      ...withFigures,
      [ANALYTICS]: () => jsonResponse({ statusCode: status, error: 'Error', message: 'no' }, { status }),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=audience', routes });

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says figures come with the first film, and asks analytics nothing, while the creator has none', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/auth/session': creator,
      'GET /api/studio/films': () => jsonResponse([]),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard', routes });

    expect(
      await screen.findByText('Your figures appear here once you have uploaded a film.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/analytics'))).toBe(false);
  });

  it('shows skeletons while the figures load', async () => {
    mockFetch({ ...withFigures, [ANALYTICS]: () => new Promise<Response>(() => {}) });
    renderWithProviders(<></>, { route: '/creator-dashboard', routes });

    expect(await screen.findByLabelText('Loading your figures')).toHaveAttribute('aria-busy', 'true');
  });

  it('asks for the figures again every minute', () => {
    expect(getCreatorAnalyticsQueryOptions(4, 30).refetchInterval).toBe(CREATOR_ANALYTICS_REFRESH_MS);
    expect(CREATOR_ANALYTICS_REFRESH_MS).toBe(60_000);
  });

  it("shows each film's views and watch time, and its retention curve when selected", async () => {
    mockFetch(withFigures);
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=films', routes });

    await screen.findByRole('list', { name: 'Your films' });
    await waitFor(() => expect(row('Live One')).toHaveTextContent('1.5K views · 12h 30m watched'));
    expect(within(row('Live One')).getByTestId('film-status')).toHaveAttribute('data-status', 'published');
    expect(within(row('In Line')).queryByRole('button', { name: 'Retention' })).not.toBeInTheDocument();

    const retention = within(row('Live One')).getByRole('button', { name: 'Retention' });
    expect(retention).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(retention);
    expect(retention).toHaveAttribute('aria-expanded', 'true');
    const curve = within(row('Live One')).getByRole('figure', { name: 'Retention of Live One' });
    expect(curve).toHaveTextContent('50% still watching at the halfway point');
    expect(curve).toHaveTextContent('42% of sessions reached 90% of the film (last 30 days)');
    await userEvent.click(retention);
    expect(within(row('Live One')).queryByRole('figure')).not.toBeInTheDocument();
  });
});
