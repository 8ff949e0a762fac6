import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeFilm } from '@/testing/fixtures';
import { stubIntersectionObserver } from '@/testing/intersection-observer';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { RecommendationRow } from '@/lib/api/types';

import { RecommendedRows } from './recommended-rows';

const trending = (genre: string, filmIds: number[]): RecommendationRow => ({
  kind: 'trending-in-genre',
  key: `trending:${genre}`,
  title: `Trending in ${genre}`,
  reason: `The most watched ${genre} films this week`,
  filmIds,
});
const rows = [trending('Drama', [5, 3]), trending('Horror', [77]), trending('Sci-Fi', [1])];
const films = [
  makeFilm({ id: 1, title: 'Nebula Dreams' }),
  makeFilm({ id: 3, title: 'Sombra Binaria' }),
  makeFilm({ id: 5, title: 'Rule 110' }),
];

const rowNames = () =>
  screen
    .getAllByTestId('recommendation-row')
    .map((row) => [row.dataset.rowKey, within(row).getByRole('heading', { level: 2 }).textContent]);

describe('RecommendedRows', () => {
  it('holds one row’s place while the rows load', () => {
    renderWithProviders(<RecommendedRows rows={undefined} films={undefined} filmsPending={false} />);
    const loading = screen.getByTestId('recommendations-loading');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getAllByTestId('film-card-skeleton')).toHaveLength(7);
  });

  it('shows every row with its title, reason and skeletons while the films load', () => {
    renderWithProviders(<RecommendedRows rows={rows} films={undefined} filmsPending />);
    expect(rowNames()).toEqual([
      ['trending:Drama', 'Trending in Drama'],
      ['trending:Horror', 'Trending in Horror'],
      ['trending:Sci-Fi', 'Trending in Sci-Fi'],
    ]);
    const drama = screen.getAllByTestId('recommendation-row')[0]!;
    expect(within(drama).getByText('The most watched Drama films this week')).toBeInTheDocument();
    expect(within(drama).getAllByTestId('film-card-skeleton')).toHaveLength(7);
  });

  it('draws each row’s films in its order and leaves out a row with none', async () => {
    renderWithProviders(<RecommendedRows rows={rows} films={films} filmsPending={false} />);
    expect(rowNames()).toEqual([
      ['trending:Drama', 'Trending in Drama'],
      ['trending:Sci-Fi', 'Trending in Sci-Fi'],
    ]);
    const drama = screen.getAllByTestId('recommendation-row')[0]!;
    expect(drama).toHaveAttribute('data-row-kind', 'trending-in-genre');
    const cards = await within(drama).findAllByTestId('film-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Rule 110',
      'Sombra Binaria',
    ]);
  });
});

describe('RecommendedRows events', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  const noContent = () => new Response(null, { status: 204 });

  it('reports each row shown once, when it is on screen with its cards', async () => {
    const viewport = stubIntersectionObserver();
    const { fetchMock, bodiesSentTo } = mockFetch({ 'POST /api/recommendations/events': noContent });
    const first = renderWithProviders(<RecommendedRows rows={rows} films={undefined} filmsPending />);
    // Skeletons only: nothing is watched, nothing is sent.
    expect(viewport.observed()).toBe(0);
    viewport.show();
    first.unmount();
    expect(fetchMock).not.toHaveBeenCalled();

    const second = renderWithProviders(<RecommendedRows rows={rows} films={films} filmsPending={false} />);
    await screen.findAllByTestId('film-card');
    viewport.show(0.2);
    expect(fetchMock).not.toHaveBeenCalled();
    viewport.show();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(
      bodiesSentTo('POST /api/recommendations/events').map((body) => ({ ...(body as object), session: '' })),
    ).toEqual([
      { session: '', kind: 'impression', rowKind: 'trending-in-genre', rowKey: 'trending:Drama' },
      { session: '', kind: 'impression', rowKind: 'trending-in-genre', rowKey: 'trending:Sci-Fi' },
    ]);

    // Coming back to the page (a remount) in the same session sends nothing again.
    second.unmount();
    renderWithProviders(<RecommendedRows rows={rows} films={films} filmsPending={false} />);
    await screen.findAllByTestId('film-card');
    viewport.show();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reports the film opened from a row, with the row’s kind and key, and navigates', async () => {
    const { fetchMock, bodiesSentTo } = mockFetch({
      'POST /api/recommendations/events': () => new Response('down', { status: 503 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RecommendedRows rows={rows} films={films} filmsPending={false} />);
    const drama = screen.getAllByTestId('recommendation-row')[0]!;
    await user.click(await within(drama).findByRole('link', { name: 'Sombra Binaria' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/film/3');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bodiesSentTo('POST /api/recommendations/events')).toEqual([
      {
        session: sessionStorage.getItem('kinora-browse-session'),
        kind: 'click',
        rowKind: 'trending-in-genre',
        rowKey: 'trending:Drama',
        filmId: 3,
      },
    ]);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ keepalive: true });
  });
});
