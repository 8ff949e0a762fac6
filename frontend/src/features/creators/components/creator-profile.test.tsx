import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeCreatorProfile, makeFilm } from '@/testing/fixtures';
import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { CreatorProfile as CreatorProfileData } from '@/lib/api/types';

import { creatorAchievements, CreatorProfile } from './creator-profile';

const PROFILE = 'GET /api/creators/4';

const renderProfile = (profile: CreatorProfileData, viewerId: string | null = null) => {
  mockFetch({ [PROFILE]: () => jsonResponse(profile) });
  return renderWithProviders(<CreatorProfile creatorId={4} viewerId={viewerId} />, { route: '/creator/4' });
};

const achievementTitles = () => {
  const card = screen.queryByRole('region', { name: 'Achievements' });
  return card
    ? within(card)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span > span')?.textContent)
    : [];
};

describe('CreatorProfile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the banner, name, Independent Filmmaker, followers, film count and the Verified Creator badge', async () => {
    renderProfile(makeCreatorProfile());

    expect(await screen.findByRole('heading', { level: 1, name: 'Omar Haddad' })).toBeInTheDocument();
    expect(screen.getByText('Independent Filmmaker')).toBeInTheDocument();
    expect(screen.queryByText('Filmmaker')).not.toBeInTheDocument();
    expect(screen.getByText('1.2K followers')).toBeInTheDocument();
    expect(screen.getByText('1 film')).toBeInTheDocument();
    expect(screen.getAllByText('Verified Creator')[0]).toBeInTheDocument();
    expect(screen.getByText(/Thrillers built from noise/)).toBeInTheDocument();
  });

  it('keeps the banner and header in place while loading, then describes the page by the bio', async () => {
    const loaded = deferred<Response>();
    mockFetch({ [PROFILE]: () => loaded.promise });
    renderWithProviders(<CreatorProfile creatorId={4} />, { route: '/creator/4' });

    const loading = screen.getByTestId('creator-loading');
    expect(loading).toHaveClass('min-h-dvh'); // the footer stays below the fold
    expect(loading.firstElementChild).toHaveClass('h-56', 'md:h-72'); // the banner's height
    expect(screen.getByText('Loading creator profile...')).toBeInTheDocument();
    loaded.resolve(jsonResponse(makeCreatorProfile()));

    expect(await screen.findByRole('heading', { level: 1, name: 'Omar Haddad' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Omar Haddad · Kinora');
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
        'content',
        'Thrillers built from noise. Sound designer turned director.',
      ),
    );
    // The blurred banner needs a small variant only, and is the page's largest image.
    const banner = document.querySelector('article > [aria-hidden="true"] picture')!;
    expect(banner.querySelector('source')).toHaveAttribute('srcset', '/media/films/3/poster-320.webp 320w');
    expect(banner.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
    // The films' posters, sized to the grid beside the side column.
    expect(screen.getByTestId('film-card').querySelector('source')?.getAttribute('sizes')).toMatch(
      /^\(min-width: 1280px\) 204px, /,
    );
  });

  it('describes a creator without a bio by their films', async () => {
    renderProfile(makeCreatorProfile({ bio: '' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Omar Haddad' })).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Omar Haddad is an independent filmmaker on Kinora. Watch their films and follow them for new releases.',
    );
  });

  it("reads 'Filmmaker' on the viewer's own profile", async () => {
    renderProfile(makeCreatorProfile(), 'u-omar');

    expect(await screen.findByText('Filmmaker')).toBeInTheDocument();
    expect(screen.queryByText('Independent Filmmaker')).not.toBeInTheDocument();
  });

  it("lists the films under 'Films by {first name}'", async () => {
    renderProfile(
      makeCreatorProfile({
        films: [makeFilm(), makeFilm({ id: 2, title: 'The Last Signal' })],
      }),
    );

    const films = await screen.findByRole('region', { name: 'Films by Omar' });
    expect(within(films).getAllByTestId('film-card')).toHaveLength(2);
    expect(within(films).getByRole('link', { name: 'The Last Signal' })).toHaveAttribute('href', '/film/2');
  });

  it("says 'No films yet' when the creator has not published any", async () => {
    renderProfile(makeCreatorProfile({ films: [] }));

    const films = await screen.findByRole('region', { name: 'Films by Omar' });
    expect(within(films).getByRole('heading', { name: 'No films yet' })).toBeInTheDocument();
    expect(within(films).getByText("This creator hasn't published any films yet.")).toBeInTheDocument();
  });

  it('shows the stats from the server: films, followers, views and the average rating to 1 decimal', async () => {
    renderProfile(
      makeCreatorProfile({ stats: { totalFilms: 7, followers: 1500, totalViews: 123456, averageRating: 8 } }),
    );

    const stats = await screen.findByRole('region', { name: 'Stats' });
    const value = (term: string) => within(stats).getByText(term).nextElementSibling?.textContent;
    expect(value('Total Films')).toBe('7');
    expect(value('Followers')).toBe('1,500');
    expect(value('Total Views')).toBe('123,456');
    expect(value('Average Rating')).toBe('8.0');
  });

  it('links the website and handles, and Contact Creator mails the creator', async () => {
    renderProfile(
      makeCreatorProfile({
        website: 'https://omarhaddad.example',
        socialLinks: { twitter: 'omar_haddad', instagram: 'omar.h', youtube: 'OmarSounds' },
      }),
    );

    const connect = await screen.findByRole('region', { name: 'Connect' });
    const href = (name: RegExp) => within(connect).getByRole('link', { name }).getAttribute('href');
    expect(href(/omarhaddad\.example/)).toBe('https://omarhaddad.example/');
    expect(href(/Twitter/)).toBe('https://twitter.com/omar_haddad');
    expect(href(/Instagram/)).toBe('https://instagram.com/omar.h');
    expect(href(/YouTube/)).toBe('https://youtube.com/@OmarSounds');
    expect(within(connect).getByRole('link', { name: 'Contact Creator' })).toHaveAttribute(
      'href',
      'mailto:omar.haddad@creators.kinora.test',
    );
  });

  it.each([
    [{ followers: 999, totalFilms: 4 }, ['Verified Creator']],
    [{ followers: 1000, totalFilms: 4 }, ['Verified Creator', '1K+ Followers']],
    [{ followers: 999, totalFilms: 5 }, ['Verified Creator', 'Prolific Creator']],
    [{ followers: 4000, totalFilms: 12 }, ['Verified Creator', '1K+ Followers', 'Prolific Creator']],
  ])('gives a verified creator with %o the achievements %o', async (counts, expected) => {
    renderProfile(makeCreatorProfile({ stats: { totalViews: 0, averageRating: 0, ...counts } }));

    await screen.findByRole('region', { name: 'Achievements' });
    expect(achievementTitles()).toEqual(expected);
  });

  it('shows no Achievements card for an unverified creator', async () => {
    renderProfile(
      makeCreatorProfile({
        isVerified: false,
        stats: { totalFilms: 9, followers: 5000, totalViews: 0, averageRating: 0 },
      }),
    );

    await screen.findByRole('heading', { level: 1, name: 'Omar Haddad' });
    expect(screen.queryByRole('region', { name: 'Achievements' })).not.toBeInTheDocument();
    expect(screen.queryByText('Verified Creator')).not.toBeInTheDocument();
  });

  it('computes the achievements at 1000 followers and 5 films', () => {
    const titles = (followers: number, totalFilms: number) =>
      creatorAchievements({
        isVerified: true,
        stats: { followers, totalFilms, totalViews: 0, averageRating: 0 },
      }).map((achievement) => achievement.title);
    expect(titles(0, 0)).toEqual(['Verified Creator']);
    expect(titles(1000, 5)).toEqual(['Verified Creator', '1K+ Followers', 'Prolific Creator']);
  });

  it("shows 'Creator Not Found' on a 404", async () => {
    mockFetch({
      [PROFILE]: () =>
        jsonResponse(
          { statusCode: 404, error: 'Not Found', message: 'Creator 4 not found' },
          { status: 404 },
        ),
    });
    renderWithProviders(<CreatorProfile creatorId={4} />, { route: '/creator/4' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Creator Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The creator profile you're looking for doesn't exist.")).toBeInTheDocument();
  });
});
