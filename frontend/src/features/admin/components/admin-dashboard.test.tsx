import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { User } from '@/lib/api/types';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { AdminDashboard } from './admin-dashboard';
import { makePendingFilm, makeReport } from './test-admin';

const STATS = 'GET /api/admin/stats';
const OVERVIEW_PENDING = 'GET /api/admin/films/pending?limit=5&offset=0';
const QUEUE = 'GET /api/admin/films/pending?limit=20&offset=0';
const REPORTS = 'GET /api/admin/reports?status=open&limit=20&offset=0';
const WAITLIST = 'GET /api/admin/waitlist?limit=20&offset=0';
const FEEDBACK = 'GET /api/admin/feedback?limit=20&offset=0';

const adminHandlers = {
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
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin'));

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

  it('gives an admin the five tabs, Overview first with the counters and pending uploads', async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Overview', 'Analytics', 'Content', 'Revenue', 'Advertising']);
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

  it('says plainly that analytics, revenue and advertising figures come later, with no numbers', async () => {
    const { fetchMock } = renderDashboard(makeUser({ isAdmin: true }), adminHandlers);

    for (const [tab, title] of [
      ['Analytics', 'Analytics arrive with viewing analytics'],
      ['Revenue', 'Revenue arrives with viewing analytics'],
      ['Advertising', 'Advertising arrives with ads'],
    ] as const) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      const panel = screen.getByRole('tabpanel', { name: tab });
      expect(within(panel).getByRole('heading', { name: title })).toBeInTheDocument();
      expect(panel.textContent).not.toMatch(/\d/);
    }
    expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.includes('analytics'))).toBe(
      false,
    );
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

  it('moves between tabs with the arrow keys', async () => {
    renderDashboard(makeUser({ isAdmin: true }), adminHandlers);
    screen.getByRole('tab', { name: 'Overview' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Advertising' })).toHaveAttribute('aria-selected', 'true');
  });
});
