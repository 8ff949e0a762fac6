import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeCreator, makeFilm } from '@/testing/fixtures';
import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { DiscoverCreators } from './discover-creators';

const LIST = 'GET /api/creators?limit=20';

const aurora = makeCreator({
  id: 1,
  userId: 'u-aurora',
  isVerified: true,
  followerCount: 2500,
  bio: 'I zoom into the Mandelbrot set until it starts telling stories.',
  website: 'https://auroravale.example',
  socialLinks: { twitter: 'auroravale', instagram: 'aurora.vale', youtube: 'AuroraValeFilms' },
  user: { firstName: 'Aurora', lastName: 'Vale', profileImageUrl: null },
  films: [
    makeFilm({ id: 1, title: 'Nebula Dreams', rating: '8.0' }),
    makeFilm({ id: 16, title: 'Infinite Coastlines', rating: '7.5' }),
    makeFilm({ id: 17, title: 'Unrated Short', rating: '0.0' }),
  ],
  _count: { followers: 2500, films: 3 },
});
const mei = makeCreator({
  id: 5,
  userId: 'u-mei',
  isVerified: false,
  followerCount: 1,
  website: null,
  socialLinks: {},
  bio: 'Animator from Taipei.',
  user: { firstName: 'Mei', lastName: 'Lin', profileImageUrl: '/media/avatars/mei.png' },
  films: [],
  _count: { followers: 1, films: 0 },
});

const renderDiscover = () => renderWithProviders(<DiscoverCreators />, { route: '/discover-creators' });
const panel = (name: string) => screen.getByRole('article', { name });

describe('DiscoverCreators', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists GET /api/creators?limit=20 with image, name, followers and Follow', async () => {
    const { fetchMock } = mockFetch({ [LIST]: () => jsonResponse([aurora, mei]) });
    renderDiscover();

    expect(await screen.findByRole('article', { name: 'Aurora Vale' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/creators?limit=20', expect.anything());
    expect(within(panel('Aurora Vale')).getByText('2.5K followers')).toBeInTheDocument();
    expect(within(panel('Aurora Vale')).getByTestId('avatar-initials')).toHaveTextContent('AV');
    expect(within(panel('Mei Lin')).getByText('1 follower')).toBeInTheDocument();
    expect(panel('Mei Lin').querySelector('img')).toHaveAttribute('src', '/media/avatars/mei.png');

    expect(within(panel('Aurora Vale')).getByRole('button', { name: 'Follow' })).toBeEnabled();
  });

  it('sends a visitor pressing Follow to /auth', async () => {
    mockFetch({ [LIST]: () => jsonResponse([aurora]) });
    renderDiscover();

    await userEvent.click(
      await within(await screen.findByRole('article', { name: 'Aurora Vale' })).findByRole('button', {
        name: 'Follow',
      }),
    );

    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('lets a member follow from the card with POST /api/creators/{id}/follow, never on their own card', async () => {
    const { fetchMock } = mockFetch({
      [LIST]: () => jsonResponse([aurora, mei]),
      'GET /api/user/follows': () => jsonResponse({ creatorIds: [] }),
      'POST /api/creators/1/follow': () =>
        jsonResponse({ creatorId: 1, isFollowing: true, followerCount: 2600 }),
    });
    renderWithProviders(<DiscoverCreators viewerId="u-mei" signedIn />, { route: '/discover-creators' });

    const auroraPanel = await screen.findByRole('article', { name: 'Aurora Vale' });
    expect(within(panel('Mei Lin')).queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    await userEvent.click(await within(auroraPanel).findByRole('button', { name: 'Follow' }));

    expect(await screen.findByText('Following creator')).toBeInTheDocument();
    expect(within(auroraPanel).getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(within(auroraPanel).getAllByText('2.6K followers').length).toBeGreaterThan(0);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/creators/1/follow',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows the verified tick from isVerified, not from the position in the list', async () => {
    const unverifiedFirst = [
      mei,
      ...Array.from({ length: 8 }, (_, i) =>
        makeCreator({
          id: 20 + i,
          isVerified: false,
          user: { firstName: `C${i}`, lastName: 'X', profileImageUrl: null },
        }),
      ),
      aurora,
    ];
    mockFetch({ [LIST]: () => jsonResponse(unverifiedFirst) });
    renderDiscover();

    await screen.findByRole('article', { name: 'Aurora Vale' });
    expect(within(panel('Mei Lin')).queryByRole('img', { name: 'Verified creator' })).not.toBeInTheDocument();
    expect(within(panel('C0 X')).queryByRole('img', { name: 'Verified creator' })).not.toBeInTheDocument();
    expect(within(panel('Aurora Vale')).getByRole('img', { name: 'Verified creator' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Verified creator' })).toHaveLength(1);
  });

  it('shows the bio, film count, followers and the average of the rated films to 1 decimal', async () => {
    mockFetch({ [LIST]: () => jsonResponse([aurora, mei]) });
    renderDiscover();

    const box = await screen.findByRole('article', { name: 'Aurora Vale' });
    expect(within(box).getByText(aurora.bio)).toBeInTheDocument();
    // (8.0 + 7.5) / 2, the unrated film left out.
    expect(within(box).getByTestId('creator-average-rating')).toHaveTextContent('7.8');
    expect(within(panel('Mei Lin')).getByTestId('creator-average-rating')).toHaveTextContent('—');
    const stats = within(box)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(stats).toEqual(['3', '2,500', '7.8']);
  });

  it('links the website and the twitter, instagram and youtube handles', async () => {
    mockFetch({ [LIST]: () => jsonResponse([aurora]) });
    renderDiscover();

    const box = await screen.findByRole('article', { name: 'Aurora Vale' });
    const href = (name: string) => within(box).getByRole('link', { name }).getAttribute('href');
    expect(href('Website: auroravale.example')).toBe('https://auroravale.example/');
    expect(href('Twitter: @auroravale')).toBe('https://twitter.com/auroravale');
    expect(href('Instagram: @aurora.vale')).toBe('https://instagram.com/aurora.vale');
    expect(href('YouTube: @AuroraValeFilms')).toBe('https://youtube.com/@AuroraValeFilms');
  });

  it("pads each film scroller with 'Upcoming Project' tiles up to 5", async () => {
    mockFetch({ [LIST]: () => jsonResponse([aurora, mei]) });
    renderDiscover();

    const box = await screen.findByRole('article', { name: 'Aurora Vale' });
    expect(
      within(box)
        .getAllByTestId('creator-film')
        .map((film) => film.getAttribute('href')),
    ).toEqual(['/film/1', '/film/16', '/film/17']);
    expect(within(box).getAllByTestId('upcoming-project')).toHaveLength(2);
    expect(within(box).getAllByText('Upcoming Project')).toHaveLength(2);
    expect(within(panel('Mei Lin')).getAllByTestId('upcoming-project')).toHaveLength(5);
    expect(within(box).getByRole('group', { name: 'Films by Aurora' })).toBeInTheDocument();
  });

  it('adds no placeholder once a creator has 5 films or more', async () => {
    const busy = makeCreator({
      films: Array.from({ length: 6 }, (_, i) => makeFilm({ id: 100 + i, title: `Film ${i}` })),
    });
    mockFetch({ [LIST]: () => jsonResponse([busy]) });
    renderDiscover();

    const box = await screen.findByRole('article', { name: 'Omar Haddad' });
    expect(within(box).getAllByTestId('creator-film')).toHaveLength(6);
    expect(within(box).queryByTestId('upcoming-project')).not.toBeInTheDocument();
  });

  it("says 'No creators found' when there are none", async () => {
    mockFetch({ [LIST]: () => jsonResponse([]) });
    renderDiscover();

    expect(await screen.findByRole('heading', { name: 'No creators found' })).toBeInTheDocument();
  });

  it('is busy while loading', async () => {
    const list = deferred<Response>();
    mockFetch({ [LIST]: () => list.promise });
    renderDiscover();

    expect(screen.getByLabelText('Loading creators')).toHaveAttribute('aria-busy', 'true');
    list.resolve(jsonResponse([aurora]));
    expect(await screen.findByRole('article', { name: 'Aurora Vale' })).toBeInTheDocument();
  });
});
