import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeFilm } from '@/testing/fixtures';
import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { BrowseFilms } from './browse-films';

const DEFAULT_LIST = 'GET /api/films?sort=featured&limit=50';

const sombra = makeFilm();
const nebula = makeFilm({ id: 1, title: 'Nebula Dreams', genre: 'Sci-Fi', language: 'English' });
const amor = makeFilm({ id: 4, title: 'Amor en Fractal', genre: 'Romance', language: 'Spanish' });

const renderBrowse = (route = '/browse') => renderWithProviders(<BrowseFilms />, { route });

const location = () => screen.getByTestId('location').textContent;
const cardTitles = () =>
  screen.queryAllByTestId('film-card').map((card) => within(card).getByRole('heading').textContent);
const chipLabels = () =>
  within(screen.getByRole('list', { name: 'Active filters' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const requested = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/films'));

describe('BrowseFilms', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the featured films from GET /api/films by default, without chips', async () => {
    const { fetchMock } = mockFetch({ [DEFAULT_LIST]: () => jsonResponse([sombra, nebula]) });
    renderBrowse();

    await waitFor(() => expect(cardTitles()).toEqual(['Sombra Binaria', 'Nebula Dreams']));
    expect(requested(fetchMock)).toEqual(['/api/films?sort=featured&limit=50']);
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
    expect(screen.getByTestId('result-count')).toHaveTextContent('2 films');
  });

  it('shows 12 skeleton cards while loading', async () => {
    const films = deferred<Response>();
    mockFetch({ [DEFAULT_LIST]: () => films.promise });
    renderBrowse();

    const skeletons = await screen.findAllByTestId('film-card-skeleton');
    expect(skeletons).toHaveLength(12);
    // In the grid the cards fill (the same columns), each with the card's 2:3 poster frame.
    const grid = skeletons[0]!.parentElement!;
    for (const skeleton of skeletons) expect(skeleton.firstElementChild).toHaveClass('aspect-[2/3]');
    films.resolve(jsonResponse([sombra]));
    await waitFor(() => expect(screen.queryAllByTestId('film-card-skeleton')).toHaveLength(0));
    expect(cardTitles()).toEqual(['Sombra Binaria']);
    expect(screen.getByRole('list', { name: 'Films' })).toHaveClass(...grid.className.split(' '));
  });

  it('has one h1 and its own description; the first posters load at once, sized to the grid', async () => {
    mockFetch({
      [DEFAULT_LIST]: () =>
        jsonResponse(
          Array.from({ length: 8 }, (_, index) => makeFilm({ id: index + 1, title: `Film ${index + 1}` })),
        ),
    });
    renderBrowse();

    await waitFor(() => expect(screen.getAllByTestId('film-card')).toHaveLength(8));
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Browse Films',
    ]);
    expect(document.title).toBe('Browse Films · Kinora');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Browse independent generative films on Kinora/,
    );
    const images = screen.getAllByTestId('film-card').map((card) => card.querySelector('img')!);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      ...Array<string>(6).fill('eager'),
      'lazy',
      'lazy',
    ]);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      ...Array<null>(6).fill(null),
    ]);
    expect(screen.getAllByTestId('film-card')[0]!.querySelector('source')?.getAttribute('sizes')).toMatch(
      /^\(min-width: 1536px\) 232px, /,
    );
  });

  it('offers the genre, language and sort options', async () => {
    mockFetch({ [DEFAULT_LIST]: () => jsonResponse([]) });
    renderBrowse();

    const options = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Genre')).toEqual([
      'All Genres',
      'Thriller',
      'Sci-Fi',
      'Romance',
      'Horror',
      'Drama',
      'Comedy',
      'Action',
      'Documentary',
      'Animation',
      'Mystery',
      'Fantasy',
    ]);
    expect(options('Language')).toEqual([
      'All Languages',
      'English',
      'Spanish',
      'French',
      'German',
      'Italian',
      'Portuguese',
      'Mandarin',
      'Japanese',
      'Korean',
      'Hindi',
      'Arabic',
    ]);
    expect(options('Sort by')).toEqual(['Featured', 'Newest', 'Most Popular', 'Top Rated']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
  });

  it('reads the filters from the URL into the controls, the chips and the list request', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/films?genre=Thriller&language=Spanish&sort=newest&limit=50': () => jsonResponse([sombra]),
    });
    renderBrowse('/browse?genre=Thriller&language=Spanish&sort=newest');

    await waitFor(() => expect(cardTitles()).toEqual(['Sombra Binaria']));
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('Thriller');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('Spanish');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(chipLabels()).toEqual(['Genre: Thriller', 'Language: Spanish', 'Sort: Newest']);
    expect(requested(fetchMock)).toEqual(['/api/films?genre=Thriller&language=Spanish&sort=newest&limit=50']);
  });

  it("searches with GET /api/films/search when q is present, and accepts the nav's type=all without a chip", async () => {
    const { fetchMock } = mockFetch({
      'GET /api/films/search?q=nebla': () => jsonResponse([nebula]),
    });
    renderBrowse('/browse?q=nebla&type=all');

    await waitFor(() => expect(cardTitles()).toEqual(['Nebula Dreams']));
    expect(requested(fetchMock)).toEqual(['/api/films/search?q=nebla']);
    expect(chipLabels()).toEqual(['Search: "nebla"']);
    expect(screen.getByRole('searchbox', { name: 'Search by title' })).toHaveValue('nebla');
  });

  it('passes genre and language to the search too', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/films/search?q=sombra&genre=Thriller&language=Spanish': () => jsonResponse([sombra]),
    });
    renderBrowse('/browse?q=sombra&genre=Thriller&language=Spanish');

    await waitFor(() => expect(cardTitles()).toEqual(['Sombra Binaria']));
    expect(requested(fetchMock)).toEqual(['/api/films/search?q=sombra&genre=Thriller&language=Spanish']);
  });

  it('keeps the URL in step with the genre and language selects and asks the list endpoint again', async () => {
    const { fetchMock } = mockFetch({
      [DEFAULT_LIST]: () => jsonResponse([sombra, nebula, amor]),
      'GET /api/films?genre=Thriller&sort=featured&limit=50': () => jsonResponse([sombra]),
      'GET /api/films?genre=Thriller&language=Spanish&sort=featured&limit=50': () => jsonResponse([sombra]),
    });
    renderBrowse();
    await waitFor(() => expect(cardTitles()).toHaveLength(3));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Genre' }), 'Thriller');
    expect(location()).toBe('/browse?genre=Thriller');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Spanish');
    expect(location()).toBe('/browse?genre=Thriller&language=Spanish');

    await waitFor(() => expect(cardTitles()).toEqual(['Sombra Binaria']));
    expect(chipLabels()).toEqual(['Genre: Thriller', 'Language: Spanish']);
    expect(requested(fetchMock)).toContain(
      '/api/films?genre=Thriller&language=Spanish&sort=featured&limit=50',
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'popular');
    expect(location()).toBe('/browse?genre=Thriller&language=Spanish&sort=popular');
  });

  it('submits the search box to q and switches to the search endpoint', async () => {
    const { fetchMock } = mockFetch({
      [DEFAULT_LIST]: () => jsonResponse([sombra, nebula]),
      'GET /api/films/search?q=conwey': () => jsonResponse([makeFilm({ id: 7, title: "Conway's Garden" })]),
    });
    renderBrowse();
    await waitFor(() => expect(cardTitles()).toHaveLength(2));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), '  conwey {Enter}');

    expect(location()).toBe('/browse?q=conwey');
    await waitFor(() => expect(cardTitles()).toEqual(["Conway's Garden"]));
    expect(requested(fetchMock)).toContain('/api/films/search?q=conwey');
    expect(screen.getByRole('heading', { name: 'Results for “conwey”' })).toBeInTheDocument();
  });

  it('removing a chip drops that filter from the URL and the request', async () => {
    mockFetch({
      'GET /api/films?genre=Thriller&language=Spanish&sort=featured&limit=50': () => jsonResponse([sombra]),
      'GET /api/films?language=Spanish&sort=featured&limit=50': () => jsonResponse([sombra, amor]),
    });
    renderBrowse('/browse?genre=Thriller&language=Spanish');
    await waitFor(() => expect(cardTitles()).toEqual(['Sombra Binaria']));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Genre: Thriller' }));

    expect(location()).toBe('/browse?language=Spanish');
    await waitFor(() => expect(cardTitles()).toEqual(['Sombra Binaria', 'Amor en Fractal']));
    expect(chipLabels()).toEqual(['Language: Spanish']);
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('');
  });

  it('removing the search chip returns to the list and drops type=all', async () => {
    mockFetch({
      'GET /api/films/search?q=nebla&genre=Sci-Fi': () => jsonResponse([nebula]),
      'GET /api/films?genre=Sci-Fi&sort=featured&limit=50': () => jsonResponse([nebula]),
    });
    renderBrowse('/browse?q=nebla&genre=Sci-Fi&type=all');
    await waitFor(() => expect(cardTitles()).toEqual(['Nebula Dreams']));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Search: "nebla"' }));

    expect(location()).toBe('/browse?genre=Sci-Fi');
    expect(screen.getByRole('searchbox', { name: 'Search by title' })).toHaveValue('');
  });

  it('Clear Filters resets the search, every filter and the sort', async () => {
    mockFetch({
      'GET /api/films/search?q=dreams&genre=Sci-Fi&language=English': () => jsonResponse([nebula]),
      [DEFAULT_LIST]: () => jsonResponse([sombra, nebula]),
    });
    renderBrowse('/browse?q=dreams&genre=Sci-Fi&language=English&sort=rating&type=all');
    await waitFor(() => expect(cardTitles()).toEqual(['Nebula Dreams']));

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));

    expect(location()).toBe('/browse');
    await waitFor(() => expect(cardTitles()).toEqual(['Sombra Binaria', 'Nebula Dreams']));
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by title' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
  });

  it("says 'No films found' with 'Try adjusting your search criteria' when filtering", async () => {
    mockFetch({ 'GET /api/films/search?q=zzz': () => jsonResponse([]) });
    renderBrowse('/browse?q=zzz');

    expect(await screen.findByRole('heading', { name: 'No films found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria')).toBeInTheDocument();
    expect(screen.queryByText('Check back later for new content')).not.toBeInTheDocument();
  });

  it("says 'No films found' with 'Check back later for new content' without filters", async () => {
    mockFetch({ [DEFAULT_LIST]: () => jsonResponse([]) });
    renderBrowse();

    expect(await screen.findByRole('heading', { name: 'No films found' })).toBeInTheDocument();
    expect(screen.getByText('Check back later for new content')).toBeInTheDocument();
    expect(screen.queryByText('Try adjusting your search criteria')).not.toBeInTheDocument();
  });

  it('orders search results by the chosen sort', async () => {
    const older = makeFilm({ id: 10, title: 'Older', publishedAt: '2024-01-01T00:00:00.000Z', viewCount: 5 });
    const newer = makeFilm({ id: 11, title: 'Newer', publishedAt: '2025-05-01T00:00:00.000Z', viewCount: 1 });
    mockFetch({ 'GET /api/films/search?q=film': () => jsonResponse([older, newer]) });
    renderBrowse('/browse?q=film&sort=newest');

    await waitFor(() => expect(cardTitles()).toEqual(['Newer', 'Older']));
  });

  it('keeps a genre outside the filter options selectable (a home row’s See all)', async () => {
    mockFetch({ 'GET /api/films?genre=Family&sort=featured&limit=50': () => jsonResponse([]) });
    renderBrowse('/browse?genre=Family');

    expect(await screen.findByRole('heading', { name: 'No films found' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('Family');
  });
});
