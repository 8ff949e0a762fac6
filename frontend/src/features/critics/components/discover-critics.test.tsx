import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { DiscoverCritics } from './discover-critics';
import { makeCritic } from './test-critics';

const LIST = 'GET /api/critics?limit=20';
const FOLLOWING = 'GET /api/critics/following';
const pauline = makeCritic();
const roger = makeCritic({
  id: 5,
  isVerified: false,
  user: { firstName: 'Roger', lastName: 'Ebert', profileImageUrl: null },
  socialLinks: { twitter: null, instagram: null, linkedin: null, website: null },
});

describe('DiscoverCritics', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists real critics: verified badge from isVerified, bio, expertise and links', async () => {
    mockFetch({ [LIST]: () => jsonResponse([pauline, roger]) });
    renderWithProviders(<DiscoverCritics signedIn={false} />);
    const card = await screen.findByRole('article', { name: 'Pauline Kael' });
    expect(within(card).getByRole('img', { name: 'Verified critic' })).toBeInTheDocument();
    expect(within(card).getByText('Forty years of film criticism.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Twitter' })).toHaveAttribute(
      'href',
      'https://twitter.com/kael',
    );
    expect(within(card).getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://kael.example.com',
    );
    const other = screen.getByRole('article', { name: 'Roger Ebert' });
    expect(within(other).queryByRole('img', { name: 'Verified critic' })).not.toBeInTheDocument();
  });

  it("says 'No critics found' when there are none", async () => {
    mockFetch({ [LIST]: () => jsonResponse([]) });
    renderWithProviders(<DiscoverCritics signedIn={false} />);
    expect(await screen.findByText('No critics found')).toBeInTheDocument();
  });

  it('sends visitors to /auth when they press Follow', async () => {
    mockFetch({ [LIST]: () => jsonResponse([pauline]) });
    renderWithProviders(<DiscoverCritics signedIn={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
  });

  it("follows for real: 'Loading...' while pending, then Following and the toast", async () => {
    const followed = deferred<Response>();
    let following: number[] = [];
    const { fetchMock } = mockFetch({
      [LIST]: () => jsonResponse([pauline]),
      [FOLLOWING]: () => jsonResponse({ criticIds: following }),
      'POST /api/critics/4/follow': () => followed.promise,
    });
    renderWithProviders(<DiscoverCritics signedIn />);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    following = [4];
    followed.resolve(jsonResponse({ criticId: 4, isFollowing: true, followerCount: 4 }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(await screen.findByText('Following critic')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(
        ([url, init]) => url === '/api/critics/4/follow' && init?.method === 'POST',
      ),
    ).toHaveLength(1);
  });

  it("'Failed to update follow status' when the call fails", async () => {
    mockFetch({
      [LIST]: () => jsonResponse([pauline]),
      [FOLLOWING]: () => jsonResponse({ criticIds: [4] }),
      'POST /api/critics/4/unfollow': () => new Response('', { status: 500 }),
    });
    renderWithProviders(<DiscoverCritics signedIn />);
    await userEvent.click(await screen.findByRole('button', { name: 'Following' }));
    expect(await screen.findByText('Failed to update follow status')).toBeInTheDocument();
  });
});
