import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import type { ListEntry } from '@/lib/api/types';
import { makeFilm } from '@/testing/fixtures';
import { deferred, mockFetch, unauthorizedResponse } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { MyListButton } from './my-list-button';

const WATCHLIST = 'GET /api/user/lists/watchlist?limit=100';
const ADD = 'POST /api/user/lists';
const REMOVE = 'DELETE /api/user/lists/watchlist/3';
const film = makeFilm();

const entry = (filmId = 3): ListEntry => ({
  id: 70 + filmId,
  filmId,
  listType: 'watchlist',
  progressSeconds: null,
  durationSeconds: null,
  createdAt: '2025-03-04T10:00:00.000Z',
  film: {
    id: filmId,
    title: 'Sombra Binaria',
    genre: 'Thriller',
    durationMinutes: 12,
    posterUrl: null,
    creatorId: 4,
  },
});

const button = () => screen.getByRole('button', { name: 'My List' });
const renderButton = () => renderWithProviders(<MyListButton film={film} variant="page" />);

describe('MyListButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows whether the film is on the member's watchlist", async () => {
    mockFetch({ [WATCHLIST]: () => jsonResponse([entry(9), entry(3)]) });
    renderButton();

    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
  });

  it("adds the film at once, sends {filmId, listType} and toasts 'Added to your list'", async () => {
    const added = deferred<Response>();
    let listed = 0;
    const { bodiesSentTo } = mockFetch({
      [WATCHLIST]: () => jsonResponse(listed++ === 0 ? [] : [entry()]),
      [ADD]: () => added.promise,
    });
    renderButton();
    await waitFor(() => expect(button()).toBeEnabled());

    await userEvent.click(button());

    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(bodiesSentTo(ADD)).toEqual([{ filmId: 3, listType: 'watchlist' }]);
    added.resolve(jsonResponse(entry(), { status: 201 }));
    expect(await screen.findByText('Added to your list')).toBeInTheDocument();
    await waitFor(() => expect(listed).toBe(2));
    expect(button()).toHaveAttribute('aria-pressed', 'true');
  });

  it('removes a film already on the list', async () => {
    let listed = 0;
    const { fetchMock } = mockFetch({
      [WATCHLIST]: () => jsonResponse(listed++ === 0 ? [entry()] : []),
      [REMOVE]: () => jsonResponse({ message: 'Removed from list' }),
    });
    renderButton();
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));

    await userEvent.click(button());

    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('Removed from your list')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/lists/watchlist/3',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it("rolls back and toasts 'Failed to add to list' when adding fails", async () => {
    const failed = deferred<Response>();
    mockFetch({ [WATCHLIST]: () => jsonResponse([]), [ADD]: () => failed.promise });
    renderButton();
    await waitFor(() => expect(button()).toBeEnabled());

    await userEvent.click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    failed.resolve(new Response('', { status: 500, statusText: 'Internal Server Error' }));

    const title = await screen.findByText('Failed to add to list');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'false'));
  });

  it('hands a 401 to the unauthorized handler: toast, then the login page after 0.5 s', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({ [WATCHLIST]: () => jsonResponse([]), [ADD]: unauthorizedResponse });
    renderButton();
    await waitFor(() => expect(button()).toBeEnabled());

    await userEvent.click(button());

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.queryByText('Failed to add to list')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });
});
