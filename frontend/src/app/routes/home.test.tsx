import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HOME_GENRE_ROWS } from '@/config/constants';
import { makeCreator, makeCreatorProfile, makeFilm } from '@/testing/fixtures';
import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';
import type { RecommendationRow, TrendingFilm } from '@/lib/api/types';

import { routes } from '../router';

const nebula = makeFilm({ id: 1, title: 'Nebula Dreams', genre: 'Sci-Fi', isFeatured: true });
const rule = makeFilm({ id: 5, title: 'Rule 110', genre: 'Drama' });
const sombra = makeFilm();
const trending: TrendingFilm[] = [
  { ...sombra, recentViews: 42 },
  { ...nebula, recentViews: 7 },
  { ...rule, recentViews: 1 },
];
const aurora = makeCreator({
  id: 1,
  user: { firstName: 'Aurora', lastName: 'Vale', profileImageUrl: null },
  films: [nebula],
});
const kenji = makeCreator({
  id: 2,
  isVerified: false,
  user: { firstName: 'Kenji', lastName: 'Mori', profileImageUrl: null },
  films: [rule],
});

type Handler = () => Response | Promise<Response>;

function homeHandlers(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    'GET /api/films?featured=true&limit=5': () => jsonResponse([nebula]),
    'GET /api/films?sort=newest&limit=12': () => jsonResponse([sombra, rule, nebula]),
    'GET /api/films/trending?limit=8': () => jsonResponse(trending),
    'GET /api/creators?limit=20': () => jsonResponse([aurora, kenji]),
    'GET /api/critics?limit=20': () => jsonResponse([]),
    'GET /api/recommendations/home': () => jsonResponse({ personalised: false, rows: [] }),
  };
  for (const genre of HOME_GENRE_ROWS) {
    handlers[`GET /api/films?genre=${encodeURIComponent(genre)}&limit=12`] = () =>
      jsonResponse(genre === 'Drama' ? [rule] : genre === 'Sci-Fi' ? [nebula] : []);
  }
  return { ...handlers, ...overrides };
}

const forYou: RecommendationRow = {
  kind: 'for-you',
  key: 'for-you',
  title: 'For you',
  reason: 'Picked from what you watch, rate, like, save and follow',
  filmIds: [5, 3],
};
const becauseRule: RecommendationRow = {
  kind: 'because-you-watched',
  key: 'because:5',
  title: 'Because you watched Rule 110',
  reason: 'Members who watched Rule 110 also watched these',
  filmIds: [1, 3],
};
const critics: RecommendationRow = {
  kind: 'critics-you-follow',
  key: 'critics',
  title: 'Rated highly by critics you follow',
  reason: 'The films the critics you follow rate highest',
  // Films the catalog no longer shows: the row is left out.
  filmIds: [40, 41],
};
const memberHandlers = (rows: RecommendationRow[]) =>
  homeHandlers({
    'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
    'GET /api/user/follows': () => jsonResponse({ creatorIds: [] }),
    'GET /api/user/lists/continue_watching?limit=100': () => jsonResponse([]),
    'GET /api/user/likes': () => jsonResponse({ filmIds: [] }),
    'GET /api/recommendations/home': () => jsonResponse({ personalised: true, rows }),
    // All rows' films in one call: each id once, row by row.
    'GET /api/films?ids=5%2C3%2C1%2C40%2C41': () => jsonResponse([rule, sombra, nebula]),
  });

const renderHome = () => renderWithProviders(<></>, { route: '/home', routes });
const row = (name: string) => screen.getByRole('region', { name });

// Each test renders the whole home screen (a dozen rows of cards): more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
const creatorsToggle = () => within(screen.getByRole('group', { name: 'Which creators' }));

describe('/home', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the featured hero and New Releases from sort=newest', async () => {
    mockFetch(homeHandlers());
    renderHome();

    expect(await screen.findByRole('heading', { level: 2, name: 'Nebula Dreams' })).toBeInTheDocument();
    const releases = row('New Releases');
    await waitFor(() => expect(within(releases).getAllByTestId('film-card')).toHaveLength(3));
    expect(within(releases).getByRole('link', { name: 'See all New Releases' })).toHaveAttribute(
      'href',
      '/browse?sort=newest',
    );
  });

  it('shows the recommended rows after the hero and before New Releases, each with its reason, leaving out rows without films', async () => {
    const { fetchMock } = mockFetch(memberHandlers([forYou, becauseRule, critics]));
    renderHome();

    await waitFor(() => expect(screen.getAllByTestId('recommendation-row')).toHaveLength(2));
    const rows = screen.getAllByTestId('recommendation-row');
    expect(rows.map((row) => [row.dataset.rowKind, row.dataset.rowKey])).toEqual([
      ['for-you', 'for-you'],
      ['because-you-watched', 'because:5'],
    ]);
    expect(within(rows[0]!).getByRole('heading', { level: 2, name: 'For you' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText(forYou.reason)).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('heading', { level: 2, name: 'Because you watched Rule 110' }),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByText(becauseRule.reason)).toBeInTheDocument();
    const titles = (element: HTMLElement) =>
      within(element)
        .getAllByTestId('film-card')
        .map((card) => within(card).getByRole('heading').textContent);
    await waitFor(() => expect(titles(rows[0]!)).toEqual(['Rule 110', 'Sombra Binaria']));
    expect(titles(rows[1]!)).toEqual(['Nebula Dreams', 'Sombra Binaria']);
    expect(screen.queryByText(critics.title)).not.toBeInTheDocument();

    // Right under the hero, before New Releases.
    const releases = row('New Releases');
    expect(rows[1]!.compareDocumentPosition(releases) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(rows[0]!.parentElement!.firstElementChild).toBe(rows[0]);
    const idCalls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('ids='));
    expect(idCalls).toEqual(['/api/films?ids=5%2C3%2C1%2C40%2C41']);
  });

  it('goes on without the recommended rows when they cannot be loaded', async () => {
    mockFetch(
      homeHandlers({
        'GET /api/recommendations/home': () =>
          jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'down' }, { status: 503 }),
      }),
    );
    renderHome();

    await waitFor(() => expect(within(row('New Releases')).getAllByTestId('film-card')).toHaveLength(3));
    await waitFor(() => expect(screen.queryByTestId('recommendations-loading')).not.toBeInTheDocument());
    expect(screen.queryAllByTestId('recommendation-row')).toHaveLength(0);
  });

  it('ranks Trending Now #1 onwards with view counts', async () => {
    mockFetch(homeHandlers());
    renderHome();

    await waitFor(() => expect(within(row('Trending Now')).getAllByTestId('trending-item')).toHaveLength(3));
    const items = within(row('Trending Now')).getAllByTestId('trending-item');
    expect(items.map((item) => within(item).getByTestId('trending-rank').textContent)).toEqual([
      '#1',
      '#2',
      '#3',
    ]);
    expect(within(items[0]!).getByRole('heading', { name: 'Sombra Binaria' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('42 views this week')).toBeInTheDocument();
    expect(within(items[2]!).getByText('1 view this week')).toBeInTheDocument();
  });

  it('shows the genre rows that have films and leaves out the empty ones', async () => {
    const { fetchMock } = mockFetch(homeHandlers());
    renderHome();

    await waitFor(() => expect(within(row('Drama')).getAllByTestId('film-card')).toHaveLength(1));
    expect(within(row('Sci-Fi')).getAllByTestId('film-card')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Horror' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Family' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    for (const genre of HOME_GENRE_ROWS) {
      expect(asked).toContain(`/api/films?genre=${encodeURIComponent(genre)}&limit=12`);
    }
  });

  it('holds every row at its loaded size while it loads: 7 card skeletons with 2:3 posters, Trending in its own slots', async () => {
    const releases = deferred<Response>();
    const trendingLoaded = deferred<Response>();
    mockFetch(
      homeHandlers({
        'GET /api/films?sort=newest&limit=12': () => releases.promise,
        'GET /api/films/trending?limit=8': () => trendingLoaded.promise,
      }),
    );
    renderHome();

    const newReleases = await screen.findByRole('region', { name: 'New Releases' });
    const skeletons = within(newReleases).getAllByTestId('film-card-skeleton');
    expect(skeletons).toHaveLength(7);
    for (const skeleton of skeletons)
      expect(skeleton.firstElementChild).toHaveClass('aspect-[2/3]', 'w-full');
    // Trending's skeleton slots are its loaded slots (the same widths), each with the views line.
    const slotClasses = (region: HTMLElement) =>
      within(region)
        .getAllByTestId('trending-item')
        .map((item) => item.parentElement!.className);
    const pendingSlots = slotClasses(row('Trending Now'));
    expect(pendingSlots).toHaveLength(7);
    expect(within(row('Trending Now')).getAllByTestId('film-card-skeleton')).toHaveLength(7);

    releases.resolve(jsonResponse([sombra, rule, nebula]));
    trendingLoaded.resolve(jsonResponse(trending));
    await waitFor(() => expect(within(row('Trending Now')).getAllByTestId('film-card')).toHaveLength(3));
    expect(slotClasses(row('Trending Now'))).toEqual(pendingSlots.slice(0, 3));
    await waitFor(() => expect(within(newReleases).getAllByTestId('film-card')).toHaveLength(3));
  });

  it('has one h1 and its own description; the hero poster is fetched first, the first row at once, the rest lazily', async () => {
    mockFetch(homeHandlers());
    renderHome();

    expect(await screen.findByRole('heading', { level: 2, name: 'Nebula Dreams' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Home',
    ]);
    expect(document.title).toBe('Home · Kinora');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Stream independent generative films on Kinora/,
    );

    const hero = screen.getByRole('region', { name: 'Nebula Dreams' }).querySelector('picture')!;
    expect(hero.querySelector('source')).toHaveAttribute('sizes', '100vw');
    expect(hero.querySelector('img')).toHaveAttribute('fetchpriority', 'high');

    const releases = row('New Releases');
    await waitFor(() => expect(within(releases).getAllByTestId('film-card')).toHaveLength(3));
    for (const image of releases.querySelectorAll('img')) expect(image).toHaveAttribute('loading', 'eager');
    await waitFor(() => expect(within(row('Drama')).getAllByTestId('film-card')).toHaveLength(1));
    expect(row('Drama').querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(row('Drama').querySelector('source')).toHaveAttribute(
      'sizes',
      '(min-width: 1024px) 176px, (min-width: 640px) 160px, 144px',
    );
  });

  it('shows 8 creator placeholders while the creators load', async () => {
    const creators = deferred<Response>();
    mockFetch(homeHandlers({ 'GET /api/creators?limit=20': () => creators.promise }));
    renderHome();

    await waitFor(() => expect(screen.getAllByTestId('creator-placeholder')).toHaveLength(8));
    creators.resolve(jsonResponse([aurora]));
    await waitFor(() => expect(screen.queryAllByTestId('creator-placeholder')).toHaveLength(0));
    expect(screen.getByRole('button', { name: /Aurora Vale/ })).toBeInTheDocument();
  });

  it("says 'No creators found' without creators", async () => {
    mockFetch(homeHandlers({ 'GET /api/creators?limit=20': () => jsonResponse([]) }));
    renderHome();

    expect(await screen.findByText('No creators found')).toBeInTheDocument();
  });

  it('shows the creators the member follows under Following, newest follow first', async () => {
    const mei = makeCreatorProfile({
      id: 30,
      user: { firstName: 'Mei', lastName: 'Lin', profileImageUrl: null, email: 'mei@example.com' },
    });
    mockFetch(
      homeHandlers({
        'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
        'GET /api/user/follows': () => jsonResponse({ creatorIds: [30, 2] }),
        'GET /api/creators/30': () => jsonResponse(mei),
        'GET /api/user/lists/continue_watching?limit=100': () => jsonResponse([]),
        'GET /api/user/likes': () => jsonResponse({ filmIds: [] }),
      }),
    );
    renderHome();
    await screen.findByRole('button', { name: /Aurora Vale/ });

    await userEvent.click(creatorsToggle().getByRole('button', { name: 'Following' }));

    expect(creatorsToggle().getByRole('button', { name: 'Following' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(
        within(row('Creators'))
          .getAllByTestId('creator-choice')
          .map((choice) => within(choice).getByText(/Mei Lin|Kenji Mori/).textContent),
      ).toEqual(['Mei Lin', 'Kenji Mori']),
    );
    expect(screen.queryByRole('button', { name: /Aurora Vale/ })).not.toBeInTheDocument();

    await userEvent.click(creatorsToggle().getByRole('button', { name: 'Featured' }));
    expect(screen.getByRole('button', { name: /Aurora Vale/ })).toBeInTheDocument();
  });

  it("says 'No creators found' under Following when the member follows nobody, and to visitors", async () => {
    mockFetch(homeHandlers());
    renderHome();
    await screen.findByRole('button', { name: /Aurora Vale/ });

    await userEvent.click(creatorsToggle().getByRole('button', { name: 'Following' }));

    expect(await within(row('Creators')).findByText('No creators found')).toBeInTheDocument();
  });

  it('toggles a highlighted selection of creators and lists their films', async () => {
    mockFetch(
      homeHandlers({
        'GET /api/films?creatorId=1&sort=newest&limit=12': () => jsonResponse([nebula]),
        'GET /api/films?creatorId=2&sort=newest&limit=12': () => jsonResponse([rule, sombra]),
      }),
    );
    renderHome();
    const auroraCard = await screen.findByRole('button', { name: /Aurora Vale/ });
    expect(
      screen.getByText('Select one or more creators above to see their films here.'),
    ).toBeInTheDocument();

    await userEvent.click(auroraCard);
    expect(auroraCard).toHaveAttribute('aria-pressed', 'true');
    const selectedTitles = () =>
      within(row('Films by Selected Creators'))
        .getAllByTestId('film-card')
        .map((card) => within(card).getByRole('heading').textContent);
    await waitFor(() => expect(selectedTitles()).toEqual(['Nebula Dreams']));

    await userEvent.click(screen.getByRole('button', { name: /Kenji Mori/ }));
    await waitFor(() => expect(selectedTitles()).toEqual(['Nebula Dreams', 'Rule 110', 'Sombra Binaria']));

    await userEvent.click(auroraCard);
    await userEvent.click(screen.getByRole('button', { name: /Kenji Mori/ }));
    expect(auroraCard).toHaveAttribute('aria-pressed', 'false');
    expect(
      screen.getByText('Select one or more creators above to see their films here.'),
    ).toBeInTheDocument();
  });
});
