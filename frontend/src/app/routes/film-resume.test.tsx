import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { noAdBreaksHandlers } from '@/testing/ads';
import { makeFilm } from '@/testing/fixtures';
import { stubMediaElement } from '@/testing/media';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';
import {
  START_VIEWING_SESSION,
  unmountThenUnstubGlobals,
  viewingSessionHandlers,
} from '@/testing/viewing-session';

import { routes } from '../router';

const hlsConfigs = vi.hoisted(() => [] as unknown[]);

vi.mock('hls.js/light', () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = {};
    constructor(config: unknown) {
      hlsConfigs.push(config);
    }
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  },
}));

const film = makeFilm({ isFeatured: true });

const FILM = 'GET /api/films/3';
const SIMILAR = 'GET /api/recommendations/films/3/similar';
const noSimilar = {
  kind: 'more-like-this',
  key: 'similar:3',
  title: 'More like this',
  reason: 'Members who watched Sombra Binaria also watched these',
  filmIds: [],
};
const VIEW = 'POST /api/films/3/view';
const REVIEWS = 'GET /api/films/3/reviews?limit=10&offset=0';
const LIKE_COUNT = 'GET /api/films/3/likes';
const CONTINUE_WATCHING = 'GET /api/user/lists/continue_watching?limit=100';

const renderFilm = (path: string) => renderWithProviders(<></>, { route: path, routes });

/** The film page's Resume, from the member's Continue Watching. */
describe('/film/:id resume', () => {
  beforeEach(() => {
    stubMediaElement();
    hlsConfigs.length = 0;
  });

  afterEach(unmountThenUnstubGlobals);

  it('offers a member Resume from where they stopped, and Start over', async () => {
    let listLoads = 0;
    const inProgress = {
      id: 8,
      filmId: 3,
      listType: 'continue_watching',
      progressSeconds: 95,
      durationSeconds: 720,
      createdAt: '2025-03-04T10:00:00.000Z',
      film: {
        id: 3,
        title: film.title,
        genre: film.genre,
        durationMinutes: 12,
        posterUrl: null,
        creatorId: 4,
      },
    };
    const { fetchMock, bodiesSentTo } = mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      [FILM]: () => jsonResponse(film),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [REVIEWS]: () => jsonResponse([]),
      [VIEW]: () => jsonResponse({ counted: true, viewCount: 1235 }),
      [LIKE_COUNT]: () => jsonResponse({ filmId: 3, likeCount: 7 }),
      'GET /api/user/likes': () => jsonResponse({ filmIds: [] }),
      'GET /api/user/lists/watchlist?limit=100': () => jsonResponse([]),
      [CONTINUE_WATCHING]: () => {
        listLoads += 1;
        return jsonResponse([inProgress]);
      },
      ...viewingSessionHandlers(),
      ...noAdBreaksHandlers(3),
    });
    renderFilm('/film/3');

    const resume = await screen.findByRole('button', { name: 'Resume from 1:35' });
    expect(screen.getByRole('button', { name: 'Start over' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play Now' })).not.toBeInTheDocument();

    await userEvent.click(resume);
    expect(screen.getByRole('dialog', { name: 'Playing Sombra Binaria' })).toBeInTheDocument();
    await waitFor(() => expect(hlsConfigs).toHaveLength(1));
    expect(hlsConfigs[0]).toMatchObject({ startPosition: 95 });
    await waitFor(() => expect(bodiesSentTo(START_VIEWING_SESSION)).toHaveLength(1));

    // Closing the player fetches Continue Watching again, once the progress has reached it.
    const loadsBeforeClose = listLoads;
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(listLoads).toBeGreaterThan(loadsBeforeClose), { timeout: 4000 });

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(hlsConfigs).toHaveLength(2));
    expect(hlsConfigs[1]).toMatchObject({ startPosition: -1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/films/3/view', expect.objectContaining({ method: 'POST' }));
  });

  it('offers visitors Play Now only, and asks for no list', async () => {
    const { fetchMock } = mockFetch({
      [FILM]: () => jsonResponse(film),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [REVIEWS]: () => jsonResponse([]),
      [LIKE_COUNT]: () => jsonResponse({ filmId: 3, likeCount: 7 }),
    });
    renderFilm('/film/3');

    expect(await screen.findByRole('button', { name: 'Play Now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resume/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/user/lists'))).toBe(false);
  });
});
