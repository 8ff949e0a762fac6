import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ListEntry } from '@/lib/api/types';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ContinueWatchingRow } from './continue-watching-row';

const LIST = 'GET /api/user/lists/continue_watching?limit=100';

const entry: ListEntry = {
  id: 8,
  filmId: 3,
  listType: 'continue_watching',
  progressSeconds: 600,
  durationSeconds: null,
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

describe('ContinueWatchingRow', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the member's continue-watching films, with minutes left and a bar against the film's length", async () => {
    mockFetch({ [LIST]: () => jsonResponse([entry]) });
    renderWithProviders(<ContinueWatchingRow signedIn />);

    const row = await screen.findByRole('region', { name: 'Continue Watching' });
    const item = within(row).getByTestId('continue-watching-item');
    expect(item).toHaveAttribute('href', '/film/3');
    expect(within(item).getByText('Sombra Binaria', { selector: 'p' })).toBeInTheDocument();
    // 600 s into a 12-minute film: 2 minutes left, 83 % along.
    expect(within(item).getByText('2 min left')).toBeInTheDocument();
    expect(within(item).getByRole('progressbar', { name: 'Sombra Binaria progress' })).toHaveAttribute(
      'aria-valuenow',
      '83',
    );
  });

  it("counts the time left from the film's exact length, and says '<1 min left' near the end", async () => {
    const short = (id: number, progressSeconds: number): ListEntry => ({
      ...entry,
      id,
      filmId: id,
      progressSeconds,
      durationSeconds: 300,
      film: { ...entry.film, id, title: `Short ${id}`, durationMinutes: 5 },
    });
    mockFetch({ [LIST]: () => jsonResponse([short(20, 40), short(21, 270)]) });
    renderWithProviders(<ContinueWatchingRow signedIn />);

    const items = await screen.findAllByTestId('continue-watching-item');
    expect(within(items[0]!).getByText('5 min left')).toBeInTheDocument();
    expect(within(items[1]!).getByText('<1 min left')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
  });

  it('is left out while the list is empty', async () => {
    const { fetchMock } = mockFetch({ [LIST]: () => jsonResponse([]) });
    renderWithProviders(<ContinueWatchingRow signedIn />);

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
  });

  it('asks nothing for visitors and shows nothing', () => {
    const { fetchMock } = mockFetch();
    renderWithProviders(<ContinueWatchingRow signedIn={false} />);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
  });
});
