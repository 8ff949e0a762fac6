import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeFilm } from '@/testing/fixtures';
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
