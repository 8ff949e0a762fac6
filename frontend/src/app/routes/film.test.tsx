import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { getFilmQueryOptions } from '@/features/films/api/get-film';
import { noAdBreaksHandlers } from '@/testing/ads';
import { makeFilm } from '@/testing/fixtures';
import { stubIntersectionObserver } from '@/testing/intersection-observer';
import { stubMediaElement } from '@/testing/media';
import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';
import { unmountThenUnstubGlobals, viewingSessionHandlers } from '@/testing/viewing-session';
import type { RecommendationRow } from '@/lib/api/types';

import { routes } from '../router';

vi.mock('hls.js/light', () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = {};
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  },
}));

const film = makeFilm({ isFeatured: true });
const related = [
  makeFilm({ id: 2, title: 'The Last Signal', language: 'English' }),
  makeFilm({ id: 9, title: 'Signal Two' }),
  makeFilm({ id: 10, title: 'Signal Three' }),
  makeFilm({ id: 11, title: 'Signal Four' }),
  makeFilm({ id: 12, title: 'Signal Five' }),
  makeFilm({ id: 13, title: 'Signal Six' }),
];

const FILM = 'GET /api/films/3';
const similar: RecommendationRow = {
  kind: 'more-like-this',
  key: 'similar:3',
  title: 'More like this',
  reason: 'Members who watched Sombra Binaria also watched these',
  // This film, should it come back, is left out; 6 ids are asked, 4 shown.
  filmIds: [2, 3, 9, 10, 11, 12, 13, 14],
};
const noSimilar: RecommendationRow = { ...similar, filmIds: [] };
const SIMILAR = 'GET /api/recommendations/films/3/similar';
const SIMILAR_FILMS = 'GET /api/films?ids=2%2C9%2C10%2C11%2C12%2C13';
const VIEW = 'POST /api/films/3/view';
const REVIEWS = 'GET /api/films/3/reviews?limit=10&offset=0';
const WRITE_REVIEW = 'POST /api/films/3/reviews';
const LIKE_COUNT = 'GET /api/films/3/likes';
const CONTINUE_WATCHING = 'GET /api/user/lists/continue_watching?limit=100';

const renderFilm = (path: string) => renderWithProviders(<></>, { route: path, routes });
const filmCalls = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/films'));

describe('/film/:id', () => {
  beforeEach(() => {
    stubMediaElement();
  });

  afterEach(unmountThenUnstubGlobals);

  it.each(['0', '-1', 'abc', '1.5', '12abc', '007'])(
    "shows 'Film Not Found' for the id %s without calling the API",
    async (id) => {
      const { fetchMock } = mockFetch();
      renderFilm(`/film/${id}`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Film Not Found' })).toBeInTheDocument();
      expect(
        screen.getByText("The film you're looking for doesn't exist or has been removed."),
      ).toBeInTheDocument();
      expect(filmCalls(fetchMock)).toEqual([]);
    },
  );

  it("shows 'Film Not Found' when the film does not exist", async () => {
    mockFetch({
      'GET /api/films/999': () =>
        jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Film 999 not found' }, { status: 404 }),
    });
    renderFilm('/film/999');

    expect(await screen.findByRole('heading', { level: 1, name: 'Film Not Found' })).toBeInTheDocument();
  });

  it("says 'Loading film details...' while loading, then shows the film", async () => {
    const loaded = deferred<Response>();
    mockFetch({
      [FILM]: () => loaded.promise,
      [SIMILAR]: () => jsonResponse(similar),
      [SIMILAR_FILMS]: () => jsonResponse(related),
      [REVIEWS]: () => jsonResponse([]),
    });
    renderFilm('/film/3');

    expect(await screen.findByText('Loading film details...')).toBeInTheDocument();
    loaded.resolve(jsonResponse(film));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sombra Binaria' })).toBeInTheDocument();
    expect(screen.getByText(film.description)).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    expect(screen.getByTestId('film-views')).toHaveTextContent('1,234 views');
    expect(screen.getByRole('button', { name: 'Play Now' })).toBeInTheDocument();

    const creator = screen.getByRole('region', { name: 'About the Creator' });
    expect(within(creator).getByText('Omar Haddad')).toBeInTheDocument();
    expect(within(creator).getByText('Independent Filmmaker')).toBeInTheDocument();
    expect(within(creator).getByText('1.2K followers')).toBeInTheDocument();
    expect(within(creator).getByText(film.creator.bio)).toBeInTheDocument();
    expect(within(creator).getByRole('link', { name: 'View creator profile' })).toHaveAttribute(
      'href',
      '/creator/4',
    );

    const details = screen.getByRole('region', { name: 'Film Details' });
    expect(within(details).getByText('Spanish')).toBeInTheDocument();
    expect(within(details).getByText('12 min')).toBeInTheDocument();
  });

  it("keeps the header's shape while loading, then has one h1, the film's description and its poster fetched first", async () => {
    const loaded = deferred<Response>();
    const relatedLoaded = deferred<Response>();
    mockFetch({
      [FILM]: () => loaded.promise,
      [SIMILAR]: () => relatedLoaded.promise,
      [SIMILAR_FILMS]: () => jsonResponse(related),
      [REVIEWS]: () => jsonResponse([]),
    });
    renderFilm('/film/3');

    // A screen tall (the footer stays below the fold), with the poster's 2:3 frame where it will be.
    const loading = await screen.findByTestId('film-loading');
    expect(loading).toHaveClass('min-h-dvh');
    expect(loading.querySelectorAll('.aspect-\\[2\\/3\\]')).toHaveLength(1);
    loaded.resolve(jsonResponse(film));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sombra Binaria' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Sombra Binaria · Kinora');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      film.description,
    );

    const poster = screen.getByRole('img', { name: 'Sombra Binaria poster' });
    expect(poster).toHaveAttribute('src', '/media/films/3/poster.jpg');
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(poster.parentElement!.querySelector('source')).toHaveAttribute(
      'sizes',
      '(min-width: 1024px) 288px, (min-width: 768px) 256px, 192px',
    );
    // The blurred glow behind the header needs only the narrowest variant.
    const glow = document.querySelector('header [aria-hidden="true"] picture')!;
    expect(glow.querySelector('source')).toHaveAttribute('srcset', '/media/films/3/poster-160.webp 160w');
    expect(glow.querySelector('img')).toHaveAttribute('fetchpriority', 'high');

    // More like this: four stand-ins of the rows' size, then the rows.
    const more = screen.getByRole('region', { name: 'More like this' });
    expect(within(more).getAllByTestId('related-film-skeleton')).toHaveLength(4);
    relatedLoaded.resolve(jsonResponse(similar));
    await waitFor(() => expect(within(more).getAllByRole('link', { name: /Signal/ })).toHaveLength(4));
    const thumbnail = more.querySelector('picture')!;
    expect(thumbnail.querySelector('source')).toHaveAttribute('sizes', '64px');
    expect(thumbnail.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it("shows the creator's AI disclosure when the film has one, and no card when it has none", async () => {
    const disclosed = makeFilm({
      aiDisclosure: {
        tools: ['Sora'],
        parts: ['visuals', 'sound'],
        realLikeness: false,
        likenessConsent: false,
        notes: null,
      },
    });
    mockFetch({
      [FILM]: () => jsonResponse(disclosed),
      [REVIEWS]: () => jsonResponse([]),
      [SIMILAR]: () => jsonResponse(noSimilar),
    });
    const first = renderFilm('/film/3');
    const card = await screen.findByRole('region', { name: 'AI Disclosure' });
    expect(card).toHaveTextContent('Made with AI: Visuals, Sound & music');
    expect(within(card).getByRole('list', { name: 'AI tools used' })).toHaveTextContent('Sora');
    first.unmount();

    mockFetch({
      [FILM]: () => jsonResponse(film),
      [REVIEWS]: () => jsonResponse([]),
      [SIMILAR]: () => jsonResponse(noSimilar),
    });
    renderFilm('/film/3');
    await screen.findByRole('region', { name: 'Film Details' });
    expect(screen.queryByRole('region', { name: 'AI Disclosure' })).not.toBeInTheDocument();
  });

  it("shows 4 of the 6 requested 'More like this' films, without this film, and why they are there", async () => {
    const { fetchMock } = mockFetch({
      [FILM]: () => jsonResponse(film),
      [REVIEWS]: () => jsonResponse([]),
      [SIMILAR]: () => jsonResponse(similar),
      [SIMILAR_FILMS]: () => jsonResponse(related),
    });
    renderFilm('/film/3');

    const card = await screen.findByRole('region', { name: 'More like this' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(4));
    expect(
      within(card).getByText('Members who watched Sombra Binaria also watched these'),
    ).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('link', { name: /Signal/ })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/film/2', '/film/9', '/film/10', '/film/11']);
    expect(within(card).queryByText('Signal Five')).not.toBeInTheDocument();
    expect(filmCalls(fetchMock)).toContain('/api/films?ids=2%2C9%2C10%2C11%2C12%2C13');
  });

  it("reports 'More like this' shown once on screen and the film opened from it", async () => {
    sessionStorage.clear();
    const viewport = stubIntersectionObserver();
    const { fetchMock, bodiesSentTo } = mockFetch({
      [FILM]: () => jsonResponse(film),
      [REVIEWS]: () => jsonResponse([]),
      [SIMILAR]: () => jsonResponse(similar),
      [SIMILAR_FILMS]: () => jsonResponse(related),
      'GET /api/films/9': () => jsonResponse(related[1]),
      'GET /api/films/9/reviews?limit=10&offset=0': () => jsonResponse([]),
      'GET /api/recommendations/films/9/similar': () => jsonResponse(noSimilar),
      'POST /api/recommendations/events': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderFilm('/film/3');
    const card = await screen.findByRole('region', { name: 'More like this' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(4));
    const EVENTS = 'POST /api/recommendations/events';
    expect(bodiesSentTo(EVENTS)).toEqual([]);

    viewport.show();
    const session = sessionStorage.getItem('kinora-browse-session');
    const row = { session, rowKind: 'more-like-this', rowKey: 'similar:3' };
    await waitFor(() => expect(bodiesSentTo(EVENTS)).toEqual([{ ...row, kind: 'impression' }]));

    await user.click(within(card).getByRole('link', { name: /Signal Two/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Signal Two' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesSentTo(EVENTS)).toEqual([
        { ...row, kind: 'impression' },
        { ...row, kind: 'click', filmId: 9 },
      ]),
    );
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/recommendations/events')).toHaveLength(2);
  });

  it("says 'No similar films yet.' when the row is empty, and when it cannot be loaded", async () => {
    mockFetch({
      [FILM]: () => jsonResponse(film),
      [REVIEWS]: () => jsonResponse([]),
      [SIMILAR]: () => jsonResponse(noSimilar),
    });
    const first = renderFilm('/film/3');
    const card = await screen.findByRole('region', { name: 'More like this' });
    expect(await within(card).findByText('No similar films yet.')).toBeInTheDocument();
    expect(within(card).queryByText(similar.reason)).not.toBeInTheDocument();
    first.unmount();

    mockFetch({
      [FILM]: () => jsonResponse(film),
      [REVIEWS]: () => jsonResponse([]),
      [SIMILAR]: () =>
        jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'down' }, { status: 503 }),
    });
    renderFilm('/film/3');
    const failed = await screen.findByRole('region', { name: 'More like this' });
    expect(await within(failed).findByText('Similar films could not be loaded.')).toBeInTheDocument();
  });

  it('Play Now opens the full-screen player and records a view, updating the count', async () => {
    const { fetchMock } = mockFetch({
      [FILM]: () => jsonResponse(film),
      [REVIEWS]: () => jsonResponse([]),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [VIEW]: () => jsonResponse({ counted: true, viewCount: 1235 }),
      ...viewingSessionHandlers(),
      ...noAdBreaksHandlers(3),
    });
    const { queryClient } = renderFilm('/film/3');

    await userEvent.click(await screen.findByRole('button', { name: 'Play Now' }));

    expect(screen.getByRole('dialog', { name: 'Playing Sombra Binaria' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('film-views')).toHaveTextContent('1,235 views'));
    expect(fetchMock).toHaveBeenCalledWith('/api/films/3/view', expect.objectContaining({ method: 'POST' }));
    expect(queryClient.getQueryData(getFilmQueryOptions(3).queryKey)?.viewCount).toBe(1235);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still plays when recording the view fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      [FILM]: () => jsonResponse(film),
      [REVIEWS]: () => jsonResponse([]),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [VIEW]: () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
      ...viewingSessionHandlers(),
      ...noAdBreaksHandlers(3),
    });
    renderFilm('/film/3');

    await userEvent.click(await screen.findByRole('button', { name: 'Play Now' }));

    expect(screen.getByRole('dialog', { name: 'Playing Sombra Binaria' })).toBeInTheDocument();
    expect(screen.getByTestId('film-views')).toHaveTextContent('1,234 views');
  });

  it("shows 'Reviews & Ratings' to visitors without the form", async () => {
    mockFetch({
      [FILM]: () => jsonResponse(film),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [REVIEWS]: () => jsonResponse([]),
    });
    renderFilm('/film/3');

    const reviews = await screen.findByRole('region', { name: 'Reviews & Ratings' });
    expect(
      await within(reviews).findByText('No reviews yet. Be the first to review this film!'),
    ).toBeInTheDocument();
    expect(within(reviews).queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
  });

  it('lets a member review the film, then fetches the film again for its new rating', async () => {
    let filmLoads = 0;
    const { bodiesSentTo } = mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      [CONTINUE_WATCHING]: () => jsonResponse([]),
      [FILM]: () => jsonResponse(filmLoads++ === 0 ? film : { ...film, rating: '9.0' }),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [REVIEWS]: () => jsonResponse([]),
      [WRITE_REVIEW]: () =>
        jsonResponse(
          {
            id: 1,
            filmId: 3,
            rating: 9,
            review: 'Great',
            createdAt: '2025-03-04T10:00:00.000Z',
            editedAt: null,
            user: { id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null },
          },
          { status: 201 },
        ),
    });
    renderFilm('/film/3');

    const reviews = await screen.findByRole('region', { name: 'Reviews & Ratings' });
    await userEvent.click(await within(reviews).findByRole('radio', { name: '9 out of 10' }));
    await userEvent.type(within(reviews).getByRole('textbox', { name: 'Your review' }), 'Great');
    await userEvent.click(within(reviews).getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Review submitted successfully')).toBeInTheDocument();
    expect(bodiesSentTo(WRITE_REVIEW)).toEqual([{ rating: 9, review: 'Great' }]);
    await waitFor(() => expect(filmLoads).toBeGreaterThanOrEqual(2));
    expect(await screen.findByText('4.5 / 5')).toBeInTheDocument();
  });

  it('shows visitors Like (which sends them to /auth) but no My List', async () => {
    mockFetch({
      [FILM]: () => jsonResponse(film),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [REVIEWS]: () => jsonResponse([]),
      [LIKE_COUNT]: () => jsonResponse({ filmId: 3, likeCount: 7 }),
    });
    const { router } = renderFilm('/film/3');

    const like = await screen.findByRole('button', { name: 'Like Sombra Binaria' });
    expect(await within(like).findByTestId('like-count')).toHaveTextContent('7');
    expect(screen.queryByRole('button', { name: 'My List' })).not.toBeInTheDocument();

    await userEvent.click(like);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('gives members My List and Like on the page and in the player, sharing their state', async () => {
    const entry = {
      id: 1,
      filmId: 3,
      listType: 'watchlist',
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
    let watchlist: (typeof entry)[] = [];
    const { bodiesSentTo } = mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      [FILM]: () => jsonResponse(film),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [REVIEWS]: () => jsonResponse([]),
      [VIEW]: () => jsonResponse({ counted: true, viewCount: 1235 }),
      [LIKE_COUNT]: () => jsonResponse({ filmId: 3, likeCount: 7 }),
      'GET /api/user/likes': () => jsonResponse({ filmIds: [] }),
      'GET /api/user/lists/watchlist?limit=100': () => jsonResponse(watchlist),
      [CONTINUE_WATCHING]: () => jsonResponse([]),
      ...viewingSessionHandlers(),
      ...noAdBreaksHandlers(3),
      'POST /api/user/lists': () => {
        watchlist = [entry];
        return jsonResponse(entry, { status: 201 });
      },
      'POST /api/films/3/like': () => jsonResponse({ filmId: 3, liked: true, likeCount: 8 }),
    });
    renderFilm('/film/3');

    const myList = await screen.findByRole('button', { name: 'My List' });
    await waitFor(() => expect(myList).toBeEnabled());
    await userEvent.click(myList);
    expect(await screen.findByText('Added to your list')).toBeInTheDocument();
    expect(bodiesSentTo('POST /api/user/lists')).toEqual([{ filmId: 3, listType: 'watchlist' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    const player = screen.getByRole('dialog', { name: 'Playing Sombra Binaria' });
    expect(within(player).getByRole('button', { name: 'My List' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(player).getByRole('button', { name: 'Like Sombra Binaria' }));

    expect(await within(player).findByRole('button', { name: 'Unlike Sombra Binaria' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Unlike Sombra Binaria' })).toHaveTextContent('8');
  });
  it("lets members report the film and other members' reviews, and visitors neither", async () => {
    const reviewBy = (id: number, userId: string, firstName: string) => ({
      id,
      filmId: 3,
      rating: 6,
      review: `Review ${id}`,
      createdAt: '2025-03-04T10:00:00.000Z',
      editedAt: null,
      user: { id: userId, firstName, lastName: 'Doe', profileImageUrl: null },
    });
    const handlers = {
      [FILM]: () => jsonResponse(film),
      [SIMILAR]: () => jsonResponse(noSimilar),
      [REVIEWS]: () => jsonResponse([reviewBy(1, 'u-1', 'Ada'), reviewBy(2, 'u-grace', 'Grace')]),
      [LIKE_COUNT]: () => jsonResponse({ filmId: 3, likeCount: 7 }),
      'GET /api/user/likes': () => jsonResponse({ filmIds: [] }),
      'GET /api/user/lists/watchlist?limit=100': () => jsonResponse([]),
      [CONTINUE_WATCHING]: () => jsonResponse([]),
      'POST /api/reports': () => jsonResponse({ id: 1, status: 'open' }, { status: 201 }),
    };
    const { bodiesSentTo } = mockFetch({
      ...handlers,
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
    });
    const view = renderFilm('/film/3');

    const reviews = await screen.findByRole('region', { name: 'Reviews & Ratings' });
    expect(
      await within(reviews).findByRole('button', { name: 'Report review by Grace Doe' }),
    ).toBeInTheDocument();
    expect(
      within(reviews).queryByRole('button', { name: 'Report review by Ada Doe' }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Report Sombra Binaria' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Sombra Binaria' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Copyright infringement' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(bodiesSentTo('POST /api/reports')).toEqual([
      { subjectType: 'film', subjectId: 3, reason: 'copyright' },
    ]);
    view.unmount();

    mockFetch(handlers);
    renderFilm('/film/3');
    const visitorReviews = await screen.findByRole('region', { name: 'Reviews & Ratings' });
    expect(await within(visitorReviews).findByText('Review 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });
});
