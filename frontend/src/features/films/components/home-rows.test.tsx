import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeFilm } from '@/testing/fixtures';
import { stubIntersectionObserver } from '@/testing/intersection-observer';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { GenreRow } from './home-rows';

describe('GenreRow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for its films and draws them only once the reader scrolls near it', async () => {
    const viewport = stubIntersectionObserver();
    const { fetchMock } = mockFetch({
      'GET /api/films?genre=Drama&limit=12': () => jsonResponse([makeFilm({ id: 5, title: 'Rule 110' })]),
    });
    renderWithProviders(<GenreRow genre="Drama" />);

    expect(screen.getByRole('heading', { name: 'Drama' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText('Rule 110')).not.toBeInTheDocument();

    viewport.show();
    expect(await screen.findByText('Rule 110')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
