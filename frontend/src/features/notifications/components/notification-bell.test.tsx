import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Notification } from '@/lib/api/types';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { getNotificationsQueryOptions, getUnreadCountQueryOptions } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';

const LIST = 'GET /api/notifications?limit=20';
const COUNT = 'GET /api/notifications/unread-count';

const makeNotification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 1,
  kind: 'film_published',
  filmId: 3,
  filmTitle: 'Sombra Binaria',
  posterUrl: null,
  creatorId: 4,
  creatorName: 'Omar Haddad',
  criticId: null,
  criticName: null,
  title: 'Sombra Binaria',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...overrides,
});

const notifications = () => [
  makeNotification(),
  makeNotification({
    id: 2,
    kind: 'critic_review',
    filmId: 7,
    filmTitle: 'Tidal',
    creatorId: null,
    creatorName: null,
    criticId: 5,
    criticName: null,
    title: 'A tidal triumph',
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    readAt: '2025-01-01T00:00:00.000Z',
  }),
];

describe('NotificationBell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('polls only the unread count, every 60 s', () => {
    expect(getUnreadCountQueryOptions().refetchInterval).toBe(60_000);
    expect(getNotificationsQueryOptions()).not.toHaveProperty('refetchInterval');
  });

  it('shows the unread count as a badge, and none at zero', async () => {
    mockFetch({ [COUNT]: () => jsonResponse({ count: 12 }) });
    renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications (12 unread)' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('9+');
  });

  it('opening refetches and lists each notification with its film link, time and unread state', async () => {
    const { fetchMock } = mockFetch({
      [COUNT]: () => jsonResponse({ count: 1 }),
      [LIST]: () => jsonResponse(notifications()),
    });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('1');
    await userEvent.click(bell);

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('href', '/film/3');
    expect(first).toHaveTextContent('Omar Haddad published Sombra Binaria');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(within(first!).getByText('Unread')).toBeInTheDocument();
    expect(second).toHaveAttribute('href', '/film/7');
    expect(second).toHaveTextContent('A critic you follow published “A tidal triumph” of Tidal');
    expect(second).toHaveTextContent('2 days ago');
    expect(second).toHaveAttribute('data-unread', 'false');
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/notifications/unread-count')).toHaveLength(
        2,
      ),
    );
  });

  it('clicking an unread notification marks it read and follows it to the film', async () => {
    const { fetchMock } = mockFetch({
      [COUNT]: () => jsonResponse({ count: 1 }),
      [LIST]: () => jsonResponse(notifications()),
      'POST /api/notifications/1/read': () =>
        jsonResponse(makeNotification({ readAt: new Date().toISOString() })),
    });
    renderWithProviders(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    await userEvent.click(await screen.findByRole('link', { name: /Omar Haddad published/ }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/film/3'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === '/api/notifications/1/read' && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('“Mark all as read” marks them all and refreshes the count', async () => {
    let unread = 1;
    mockFetch({
      [COUNT]: () => jsonResponse({ count: unread }),
      [LIST]: () => jsonResponse(notifications()),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return jsonResponse({ count: 0 });
      },
    });
    renderWithProviders(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('says so when there are no notifications, and when they fail to load', async () => {
    mockFetch({ [COUNT]: () => jsonResponse({ count: 0 }), [LIST]: () => jsonResponse([]) });
    renderWithProviders(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    vi.unstubAllGlobals();

    mockFetch({
      [COUNT]: () => jsonResponse({ count: 0 }),
      [LIST]: () =>
        jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, { status: 500 }),
    });
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getAllByRole('button', { name: 'Notifications' })[0]!);
    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument();
  });
});
