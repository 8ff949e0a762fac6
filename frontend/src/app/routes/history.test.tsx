import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getListQueryOptions } from '@/features/lists/api/get-list';
import type { ListEntry, WatchHistoryEntry } from '@/lib/api/types';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

vi.setConfig({ testTimeout: 20_000 });

const HISTORY = 'GET /api/analytics/history?limit=50&offset=0';
const CLEAR = 'DELETE /api/analytics/history';

const watched = (overrides: Partial<WatchHistoryEntry> = {}): WatchHistoryEntry => ({
  filmId: 3,
  title: 'Sombra Binaria',
  posterUrl: null,
  genre: 'Thriller',
  durationSeconds: 720,
  watchedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  positionSeconds: 95,
  watchTime: 3725,
  sessions: 2,
  completed: false,
  ...overrides,
});

const inProgress: ListEntry = {
  id: 8,
  filmId: 3,
  listType: 'continue_watching',
  progressSeconds: 95,
  durationSeconds: 720,
  createdAt: '2025-03-04T10:00:00.000Z',
  film: {
    id: 3,
    title: 'Sombra Binaria',
    genre: 'Thriller',
    durationMinutes: 12,
    posterUrl: null,
    creatorId: 4,
  },
};

const renderHistory = () => renderWithProviders(<></>, { route: '/history', routes });

describe('/history', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells a signed-out visitor and sends them to sign in, asking for no history', async () => {
    const { fetchMock } = mockFetch();
    const { router } = renderHistory();

    expect(await screen.findByText('Please sign in to see your watch history.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 2000 });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/analytics'))).toBe(false);
  });

  it('lists the films watched, most recent first, with where the member stopped', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      [HISTORY]: () =>
        jsonResponse([
          watched(),
          watched({ filmId: 9, title: 'Signal Two', completed: true, sessions: 1, positionSeconds: 700 }),
          watched({ filmId: 12, title: null, genre: null, durationSeconds: 0, watchTime: 40, sessions: 1 }),
        ]),
    });
    renderHistory();

    const list = await screen.findByRole('list', { name: 'Watch history' });
    const first = within(list).getByRole('listitem', { name: 'Sombra Binaria' });
    expect(within(first).getByRole('link', { name: 'Sombra Binaria' })).toHaveAttribute('href', '/film/3');
    expect(first).toHaveTextContent('2 days ago · Thriller · Watched 1h 2m · 2 sessions');
    expect(first).toHaveTextContent('Stopped at 1:35 of 12:00');
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '13');
    expect(within(list).getByRole('listitem', { name: 'Signal Two' })).toHaveTextContent('Completed');
    const unknown = within(list).getByRole('listitem', { name: 'Unavailable film' });
    expect(unknown).toHaveTextContent('Watched 40s · 1 session');
    expect(within(unknown).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so when nothing was watched, with Clear disabled', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      [HISTORY]: () => jsonResponse([]),
    });
    renderHistory();

    expect(await screen.findByText('Nothing watched yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear watch history' })).toBeDisabled();
  });

  it('clears the history after a confirmation, and Continue Watching with it', async () => {
    let cleared = false;
    const { fetchMock } = mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      [HISTORY]: () => jsonResponse(cleared ? [] : [watched()]),
      [CLEAR]: () => {
        cleared = true;
        return new Response(null, { status: 204 });
      },
    });
    const { queryClient } = renderHistory();
    queryClient.setQueryData(getListQueryOptions('continue_watching').queryKey, [inProgress]);
    await screen.findByRole('list', { name: 'Watch history' });

    await userEvent.click(screen.getByRole('button', { name: 'Clear watch history' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear your watch history?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Clear watch history' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear history' }));

    expect(await screen.findByText('Watch history cleared')).toBeInTheDocument();
    expect(await screen.findByText('Nothing watched yet')).toBeInTheDocument();
    expect(queryClient.getQueryData(getListQueryOptions('continue_watching').queryKey)).toStrictEqual([]);
    expect(
      fetchMock.mock.calls.filter(([url]) => url === '/api/analytics/history?limit=50&offset=0'),
    ).toHaveLength(2);
  });

  it('says when clearing failed and keeps the history', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      [HISTORY]: () => jsonResponse([watched()]),
      [CLEAR]: () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });
    renderHistory();
    await screen.findByRole('list', { name: 'Watch history' });

    await userEvent.click(screen.getByRole('button', { name: 'Clear watch history' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear history' }));

    expect(await screen.findByText('Failed to clear watch history')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Sombra Binaria' })).toBeInTheDocument();
  });
});
