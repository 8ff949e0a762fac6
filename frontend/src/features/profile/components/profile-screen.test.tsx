import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import type { ListEntry, User } from '@/lib/api/types';
import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { ProfileScreen } from './profile-screen';

const CONTINUE = 'GET /api/user/lists/continue_watching?limit=4';
const WATCHLIST = 'GET /api/user/lists/watchlist?limit=10';
const FAVORITES = 'GET /api/user/lists/favorites?limit=10';

const entry = (
  overrides: Partial<ListEntry> & { title?: string; durationMinutes?: number | null } = {},
): ListEntry => {
  const { title = 'Sombra Binaria', durationMinutes = 12, ...rest } = overrides;
  const filmId = rest.filmId ?? 3;
  return {
    id: filmId,
    filmId,
    listType: 'watchlist',
    createdAt: '2025-03-01T10:00:00.000Z',
    progressSeconds: null,
    durationSeconds: null,
    film: { id: filmId, title, genre: 'Drama', durationMinutes, posterUrl: null, creatorId: 4 },
    ...rest,
  };
};

const emptyLists = {
  [CONTINUE]: () => jsonResponse([]),
  [WATCHLIST]: () => jsonResponse([]),
  [FAVORITES]: () => jsonResponse([]),
};

function renderProfile(user: User | null | undefined, handlers = {}) {
  const fetch = mockFetch({ ...emptyLists, ...handlers });
  const onUserUpdated = vi.fn();
  const onListChanged = vi.fn();
  const view = renderWithProviders(
    <ProfileScreen
      user={user}
      onUserUpdated={onUserUpdated}
      onListChanged={onListChanged}
      notifications={<p>The notification list</p>}
    />,
    { route: '/profile' },
  );
  return { ...view, ...fetch, onUserUpdated, onListChanged };
}

describe('ProfileScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a skeleton while the user loads', () => {
    renderProfile(undefined);
    expect(screen.getByLabelText('Loading profile')).toHaveAttribute('aria-busy', 'true');
  });

  it('tells a signed-out visitor and sends them to /auth after 500 ms', async () => {
    renderProfile(null);
    expect(screen.getByText('Failed to load user profile')).toBeInTheDocument();
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'), { timeout: 2000 });
  });

  it('shows initials, the name, the Free badge and the saved-film count of both lists', async () => {
    renderProfile(makeUser({ watchlistCount: 3, favoritesCount: 2 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('AL');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByTestId('saved-count')).toHaveTextContent('5 saved films');
    const plan = screen.getByRole('region', { name: 'Free Plan' });
    expect(within(plan).getByText('$0/month')).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(await screen.findByText(/Nothing in progress/)).toBeInTheDocument();
    expect(await screen.findByText(/Your list is empty/)).toBeInTheDocument();
  });

  it('falls back to the email, then User; Premium shows $12.99/month and the next billing date', () => {
    const { unmount } = renderProfile(
      makeUser({
        firstName: null,
        lastName: null,
        subscriptionType: 'premium',
        subscriptionExpiry: '2026-12-24T00:00:00.000Z',
        profileImageUrl: '/media/avatars/u-1-abc.jpg',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'ada@example.com' })).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    const plan = screen.getByRole('region', { name: 'Premium Plan' });
    expect(within(plan).getByText('$12.99/month')).toBeInTheDocument();
    expect(within(plan).getByText('Next billing date: Dec 24, 2026')).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(document.querySelector('img[src="/media/avatars/u-1-abc.jpg"]')).not.toBeNull();
    unmount();
    vi.unstubAllGlobals();
    renderProfile(makeUser({ firstName: ' ', lastName: null, email: '' }));
    expect(screen.getByRole('heading', { level: 1, name: 'User' })).toBeInTheDocument();
  });

  it('Continue Watching shows up to 4 films with minutes left and a bar against the film length', async () => {
    const started = [1, 2, 3, 4, 5].map((filmId) =>
      entry({
        filmId,
        listType: 'continue_watching',
        title: `Film ${filmId}`,
        durationMinutes: 20,
        progressSeconds: 300,
      }),
    );
    started[0] = entry({
      filmId: 1,
      listType: 'continue_watching',
      title: 'Unknown length',
      durationMinutes: null,
      progressSeconds: 900,
    });
    // A 5-minute film whose exact length the list knows (its minutes alone would round): 40 s in.
    started[3] = entry({
      filmId: 4,
      listType: 'continue_watching',
      title: 'Short one',
      durationMinutes: 5,
      durationSeconds: 300,
      progressSeconds: 40,
    });
    renderProfile(makeUser(), { [CONTINUE]: () => jsonResponse(started) });
    const list = await screen.findByRole('list', { name: 'Continue Watching' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getAllByText('15 min left')).toHaveLength(2);
    expect(within(list).getByText('5 min left')).toBeInTheDocument();
    expect(within(list).getByText('In progress')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch history' })).toHaveAttribute('href', '/history');
    expect(screen.getByRole('progressbar', { name: 'Short one progress' })).toHaveAttribute(
      'aria-valuenow',
      '13',
    );
    expect(screen.getByRole('progressbar', { name: 'Film 2 progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    // A film of unknown length: no time left shown, the bar fills at 30 minutes.
    expect(screen.getByRole('progressbar', { name: 'Unknown length progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });

  it('My List combines both lists newest first, up to 10, with skeletons while loading', async () => {
    const watchlist = deferred<Response>();
    const favorites = Array.from({ length: 8 }, (_, index) =>
      entry({
        filmId: 100 + index,
        listType: 'favorites',
        title: `Fav ${index}`,
        createdAt: `2025-02-0${index + 1}T10:00:00.000Z`,
      }),
    );
    renderProfile(makeUser(), {
      [WATCHLIST]: () => watchlist.promise,
      [FAVORITES]: () => jsonResponse(favorites),
    });
    expect(screen.getByRole('list', { name: 'Loading My List' })).toHaveAttribute('aria-busy', 'true');
    watchlist.resolve(
      jsonResponse([
        entry({ filmId: 3, title: 'Newest', createdAt: '2025-03-02T10:00:00.000Z' }),
        entry({ filmId: 4, title: 'Older', createdAt: '2025-01-01T10:00:00.000Z' }),
        entry({ filmId: 5, title: 'Oldest', createdAt: '2024-01-01T10:00:00.000Z' }),
      ]),
    );
    const list = await screen.findByRole('list', { name: 'My List' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('Newest');
    expect(items[0]).toHaveTextContent('Watchlist');
    expect(items[1]).toHaveTextContent('Fav 7');
    expect(within(list).queryByText('Oldest')).not.toBeInTheDocument();
  });

  it('removes a film from its list with a toast, and tells the route the counts change', async () => {
    let removed = false;
    const { fetchMock, onListChanged } = renderProfile(makeUser({ watchlistCount: 1 }), {
      [WATCHLIST]: () => jsonResponse(removed ? [] : [entry()]),
      'DELETE /api/user/lists/watchlist/3': () => {
        removed = true;
        return jsonResponse({ message: 'Removed from list' });
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Sombra Binaria from Watchlist' }),
    );
    expect(await screen.findByText('Removed from your list')).toBeInTheDocument();
    expect(await screen.findByText(/Your list is empty/)).toBeInTheDocument();
    expect(onListChanged).toHaveBeenCalledTimes(1);
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/user/lists/watchlist/3' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('a failed removal says so', async () => {
    renderProfile(makeUser(), {
      [WATCHLIST]: () => jsonResponse([entry()]),
      'DELETE /api/user/lists/watchlist/3': () =>
        jsonResponse({ statusCode: 500, message: 'x' }, { status: 500 }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Sombra Binaria from Watchlist' }),
    );
    expect(await screen.findByText('Failed to remove from list')).toBeInTheDocument();
  });

  it('Edit Profile saves the names and uploads the chosen picture as the body', async () => {
    const named = makeUser({ firstName: 'Grace', lastName: 'Hopper' });
    const withAvatar = { ...named, profileImageUrl: '/media/avatars/u-1-new.jpg' };
    const { fetchMock, bodiesSentTo, onUserUpdated } = renderProfile(makeUser(), {
      'PATCH /api/auth/user': () => jsonResponse(named),
      'POST /api/auth/user/avatar': () => jsonResponse(withAvatar),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const form = screen.getByRole('form', { name: 'Edit Profile' });
    await userEvent.clear(within(form).getByLabelText('First name'));
    await userEvent.type(within(form).getByLabelText('First name'), ' Grace ');
    await userEvent.clear(within(form).getByLabelText('Last name'));
    await userEvent.type(within(form).getByLabelText('Last name'), 'Hopper');
    await userEvent.upload(
      within(form).getByLabelText('Profile picture'),
      new File(['png bytes'], 'me.png', { type: 'image/png' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(bodiesSentTo('PATCH /api/auth/user')).toStrictEqual([{ firstName: 'Grace', lastName: 'Hopper' }]);
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/auth/user/avatar')!;
    expect(upload[1]?.method).toBe('POST');
    expect((upload[1]?.headers as Record<string, string>)['content-type']).toBe('image/png');
    expect(upload[1]?.body).toBe('png bytes');
    expect(onUserUpdated).toHaveBeenCalledWith(withAvatar);
    expect(screen.queryByRole('form', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it('Edit Profile refuses a non-image or an oversize picture before sending, and shows a server refusal', async () => {
    renderProfile(makeUser(), {
      'PATCH /api/auth/user': () =>
        jsonResponse({ statusCode: 400, message: 'firstName must be shorter' }, { status: 400 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const picture = screen.getByLabelText('Profile picture');
    fireEvent.change(picture, {
      target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, GIF or WebP image');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(picture, {
      target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The image must be at most 5 MB');
    fireEvent.change(picture, { target: { files: [] } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByText('firstName must be shorter')).toBeInTheDocument();
  });

  it('Notifications shows the notification list; billing and language say they are not available yet', async () => {
    renderProfile(makeUser());
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('The notification list')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Billing & Subscription' }));
    expect(await screen.findByText('This is not available yet.')).toBeInTheDocument();
  });

  it('Sign Out goes to the logout path', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderProfile(makeUser());
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(assign).toHaveBeenCalledWith('/api/logout');
  });
});
