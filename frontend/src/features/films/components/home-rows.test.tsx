import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeFilm } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { GenreRow } from './home-rows';

/** An IntersectionObserver the test moves: `enter()` brings every observed element near. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      disconnect() {
        this.entry.elements = [];
      }
    },
  );
  return {
    enter: () =>
      act(() => {
        for (const { callback, elements } of observers) {
          const entries = elements.map(
            (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
          );
          if (entries.length) callback(entries, {} as IntersectionObserver);
        }
      }),
  };
}

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

    viewport.enter();
    expect(await screen.findByText('Rule 110')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
