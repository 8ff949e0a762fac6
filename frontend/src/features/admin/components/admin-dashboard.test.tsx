import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ADMIN_ANALYTICS_REFRESH_MS } from '@kinora/contracts';

import type { User } from '@/lib/api/types';
import { makePlatformAnalytics } from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { getPlatformAnalyticsQueryOptions } from '../api/get-platform-analytics';
import { AdminDashboard } from './admin-dashboard';
import { makePendingFilm, makeReport } from './test-admin';

const STATS = 'GET /api/admin/stats';
const OVERVIEW_PENDING = 'GET /api/admin/films/pending?limit=5&offset=0';
const QUEUE = 'GET /api/admin/films/pending?limit=20&offset=0';
const REPORTS = 'GET /api/admin/reports?status=open&limit=20&offset=0';
const WAITLIST = 'GET /api/admin/waitlist?limit=20&offset=0';
const FEEDBACK = 'GET /api/admin/feedback?limit=20&offset=0';
const ANALYTICS = 'GET /api/analytics/admin?days=30';

const adminHandlers = {
  [ANALYTICS]: () => jsonResponse(makePlatformAnalytics()),
  'GET /api/ads/campaigns': () => jsonResponse([]),
  'GET /api/ads/optimizations?limit=20': () => jsonResponse([]),
  'GET /api/admin/creators?limit=20&offset=0': () => jsonResponse([]),
  'GET /api/auth/users?limit=20&offset=0': () => jsonResponse([]),
  [STATS]: () => jsonResponse({ pendingReviews: 3, openReports: 2 }),
  [OVERVIEW_PENDING]: () => jsonResponse([makePendingFilm()]),
  [QUEUE]: () =>
    jsonResponse([makePendingFilm(), makePendingFilm({ id: 22, title: 'Cellular', releaseYear: null })]),
  [REPORTS]: () => jsonResponse([makeReport()]),
  [WAITLIST]: () => jsonResponse([{ email: 'early@example.com', createdAt: '2025-04-03T10:00:00.000Z' }]),
  [FEEDBACK]: () =>
    jsonResponse([
      {
        id: 1,
        name: 'Lin',
        email: 'lin@example.com',
        vision: 'More films made from noise.',
        createdAt: '2025-04-03T10:00:00.000Z',
      },
    ]),
};

const renderDashboard = (user: User | null | undefined, handlers = {}) => {
  const fetch = mockFetch(handlers);
  const view = renderWithProviders(
    <AdminDashboard user={user} inviteCritic={<p>The critic invitation form</p>} />,
    { route: '/admin' },
  );
  return { ...view, ...fetch };
};

const adminCalls = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/admin') || url.startsWith('/api/analytics'));
const group = (name: string) => screen.getByRole('group', { name });

describe('AdminDashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a spinner while the user loads, and asks the API nothing', () => {
    const { fetchMock } = renderDashboard(undefined);
    expect(screen.getByText('Loading admin dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a member who is not an admin', makeUser({ isAdmin: false })],
    ['a visitor', null],
  ])('tells %s access is denied and sends them home after 1 s', (_who, user) => {
    vi.useFakeTimers();
    const { fetchMock } = renderDashboard(user);

    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('Admin access required. Redirecting...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access the admin dashboard.")).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(adminCalls(fetchMock)).toEqual([]);
  });

  it('gives an admin the nine tabs, Overview first with the counters and pending uploads', async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Overview',
      'Analytics',
      'Content',
      'Users',
      'Creators',
      'Audit log',
      'Revenue',
      'Advertising',
      'Jobs',
    ]);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();

    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    const counters = within(panel).getByRole('region', { name: 'Moderation' });
    await waitFor(() => expect(counters).toHaveTextContent('Pending reviews3'));
    expect(counters).toHaveTextContent('Open reports2');
    const pending = await within(panel).findByRole('list', { name: 'Pending uploads' });
    expect(within(pending).getByText('Fractal Tide')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Approve Fractal Tide' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Reject Fractal Tide' })).toBeInTheDocument();
  });

  it("adds the platform's figures and growth to the Overview", async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);

    expect(await screen.findByRole('group', { name: 'Total users' })).toHaveTextContent('5,230');
    expect(group('Total users')).toHaveTextContent('1,870 active in the last 30 days');
    expect(group('Total films')).toHaveTextContent('312');
    expect(group('Total films')).toHaveTextContent('7 pending review');
    // 4,500,000 seconds watched.
    expect(group('Total watch hours')).toHaveTextContent('1,250');
    expect(group('Streaming cost')).toHaveTextContent('$2,345.67');
    expect(group('Streaming cost')).toHaveTextContent('$0.0237 per view');

    const growth = screen.getByRole('list', { name: 'Growth' });
    expect(within(growth).getByRole('listitem', { name: 'New users' })).toHaveTextContent('420');
    expect(within(growth).getByRole('listitem', { name: 'New films' })).toHaveTextContent('35');
    expect(within(growth).getByRole('listitem', { name: 'Views' })).toHaveTextContent('8,400');
    // Bars in proportion to the figures: views are the longest.
    const bar = (name: string) =>
      within(growth).getByRole('listitem', { name }).querySelector<HTMLElement>('[style]')!.style.width;
    expect(bar('Views')).toBe('100%');
    expect(bar('New users')).toBe('5%');
    expect(parseFloat(bar('New films'))).toBeCloseTo(0.4167, 3);
  });

  it('shows top films, top creators and the activity chart on Analytics', async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);
    await userEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
    const panel = screen.getByRole('tabpanel', { name: 'Analytics' });

    const films = await within(panel).findByRole('list', { name: 'Top films' });
    expect(within(films).getByRole('listitem', { name: 'Live One' })).toHaveTextContent(
      '3.2K views · 4.3 / 5',
    );
    expect(within(films).getByRole('listitem', { name: 'Glass Orchard' })).toHaveTextContent('Not yet rated');
    const creators = within(panel).getByRole('list', { name: 'Top creators' });
    const omar = within(creators).getByRole('listitem', { name: 'Omar Haddad' });
    expect(omar).toHaveTextContent('Verified');
    expect(omar).toHaveTextContent('1.2K followers · 5.3K views');
    expect(within(creators).getByRole('listitem', { name: 'Lena Park' })).not.toHaveTextContent('Verified');
    expect(within(panel).getByRole('figure', { name: 'Viewing activity' })).toBeInTheDocument();
    const rows = within(panel).getByRole('table', { name: 'Recommendation click-through' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RowImpressionsClicksClick-through',
      'For you1,20015012.5%',
      'Trending in a genre3,4001023%',
      'More like this90000%',
    ]);
  });

  it('shows costs against the target, the breakdown, prices and 6 months on Revenue', async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);
    await userEvent.click(screen.getByRole('tab', { name: 'Revenue' }));

    expect(await screen.findByRole('group', { name: 'Cost per view' })).toHaveTextContent('$0.0237');
    expect(group('Cost per watch hour')).toHaveTextContent('$1.8765');
    expect(group('Target cost per view')).toHaveTextContent('$0.0900');
    expect(screen.getByTestId('target-status')).toHaveTextContent('Within target');
    const breakdown = screen.getByRole('list', { name: 'Cost breakdown' });
    expect(within(breakdown).getByRole('listitem', { name: 'Egress' })).toHaveTextContent('$1,800.50');
    expect(within(breakdown).getByRole('listitem', { name: 'Transcoding' })).toHaveTextContent('$420.17');
    expect(within(breakdown).getByRole('listitem', { name: 'Storage' })).toHaveTextContent('$125.00');
    const prices = screen.getByRole('region', { name: 'Prices' });
    expect(prices).toHaveTextContent('Egress$0.0500 per GB');
    expect(prices).toHaveTextContent('Transcoding$0.0150 per minute');
    expect(prices).toHaveTextContent('Storage$0.0230 per GB-month');
    const months = screen.getByRole('table', { name: 'Monthly costs' });
    expect(within(months).getAllByRole('row')).toHaveLength(7);
    expect(within(months).getAllByRole('row')[1]).toHaveTextContent('Oct 2025$300.0010,000$0.0300');
    expect(within(months).getAllByRole('row')[6]).toHaveTextContent('Mar 2026$550.0015,000$0.0367');
  });

  it("says 'Above target' when a view costs more than the target", async () => {
    const expensive = makePlatformAnalytics();
    expensive.revenueMetrics = { ...expensive.revenueMetrics, costPerView: 0.1234, withinTarget: false };
    renderDashboard(makeUser({ isAdmin: true }), {
      ...adminHandlers,
      [ANALYTICS]: () => jsonResponse(expensive),
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Revenue' }));

    expect(await screen.findByTestId('target-status')).toHaveTextContent('Above target');
  });

  it('says when the platform figures cannot be loaded, and keeps moderation working', async () => {
    renderDashboard(makeUser({ isAdmin: true }), {
      ...adminHandlers,
      [ANALYTICS]: () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Platform figures could not be loaded right now. Try again in a moment.',
    );
    expect(await screen.findByRole('list', { name: 'Pending uploads' })).toBeInTheDocument();
  });

  it('asks for the platform figures of 30 days, again every 30 s', () => {
    const options = getPlatformAnalyticsQueryOptions();
    expect(options.queryKey).toEqual(['admin', 'analytics', 30]);
    expect(options.refetchInterval).toBe(ADMIN_ANALYTICS_REFRESH_MS);
    expect(ADMIN_ANALYTICS_REFRESH_MS).toBe(30_000);
  });

  it('fills Content with the review queue, reports, the invitation form, waitlist and feedback', async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }));
    const panel = screen.getByRole('tabpanel', { name: 'Content' });

    const queue = await within(panel).findByRole('list', { name: 'Review queue' });
    const film = within(queue).getByRole('article', { name: 'Fractal Tide' });
    expect(within(film).getByText('Mandelbrot renderer, Voice synth')).toBeInTheDocument();
    expect(within(film).getByText('Visuals, Voice')).toBeInTheDocument();
    expect(
      within(film).getByText('Shows a real person’s likeness or voice, with their consent'),
    ).toBeInTheDocument();
    expect(within(film).getByText('The narrator agreed in writing.')).toBeInTheDocument();
    expect(within(film).getByRole('button', { name: 'Preview Fractal Tide' })).toBeInTheDocument();
    expect(within(film).getByText(/^Sci-Fi · English · 2025 · 9 min · submitted/)).toBeInTheDocument();
    const undated = within(queue).getByRole('article', { name: 'Cellular' });
    expect(within(undated).getByText(/^Sci-Fi · English · 9 min · submitted/)).toBeInTheDocument();

    const reports = await within(panel).findByRole('list', { name: 'Open reports' });
    expect(within(reports).getByText('Undisclosed AI use')).toBeInTheDocument();
    expect(within(panel).getByText('The critic invitation form')).toBeInTheDocument();
    expect(await within(panel).findByText('early@example.com')).toBeInTheDocument();
    expect(await within(panel).findByText('More films made from noise.')).toBeInTheDocument();
  });

  it("leads the Content tab's actions to Users, Creators, the moderation queues and Add New Film", async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }));
    await userEvent.click(screen.getByRole('button', { name: /Content Moderation/ }));
    expect(document.activeElement).toContainElement(
      await screen.findByRole('list', { name: 'Review queue' }),
    );
    await userEvent.click(screen.getByRole('button', { name: /User Management/ }));
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('searchbox', { name: 'Search users' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }));
    await userEvent.click(screen.getByRole('button', { name: /Manage Creators/ }));
    expect(screen.getByRole('tab', { name: 'Creators' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }));
    expect(screen.getByRole('link', { name: /Add New Film/ })).toHaveAttribute(
      'href',
      '/upload?forCreator=1',
    );
  });

  it('moves between tabs with the arrow keys', async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);
    screen.getByRole('tab', { name: 'Overview' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Jobs' })).toHaveAttribute('aria-selected', 'true');
  });

  it('links Jobs to the jobs view, opened in a new tab, without calling anything itself', async () => {
    const { fetchMock } = renderDashboard(makeUser({ isAdmin: true }), adminHandlers);
    await userEvent.click(screen.getByRole('tab', { name: 'Jobs' }));
    const panel = screen.getByRole('tabpanel', { name: 'Jobs' });
    expect(within(panel).getByRole('heading', { name: 'Background jobs' })).toBeInTheDocument();
    const link = within(panel).getByRole('link', { name: /Open the jobs view/ });
    expect(link).toHaveAttribute('href', '/api/admin/jobs/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(adminCalls(fetchMock).filter((url) => url.startsWith('/api/admin/jobs'))).toEqual([]);
  });
});
