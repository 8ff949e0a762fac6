import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { stubFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser } from '@/testing/test-utils';

import { preloadScreen, routes } from './router';

const renderAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

describe('router', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    stubFetch(fetchMock);
    fetchMock.mockResolvedValue(
      jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, { status: 401 }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('renders Page Not Found for an unknown path, under the navigation bar', async () => {
    renderAt('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each([
    ['/frontpage', 'Front Page'],
    ['/auth', 'Sign In'],
    ['/home', 'Home'],
    ['/browse', 'Browse Films'],
    ['/discover-creators', 'Discover Creators'],
    ['/discover-critics', 'Discover Critics'],
    ['/awards', 'Awards'],
    // Anonymous here: the profile says so, then sends the visitor to sign in.
    ['/profile', 'Failed to load user profile'],
    // Anonymous here: not an admin, so access is denied (then home after 1 s).
    ['/admin', 'Access Denied'],
    ['/film/abc', 'Film Not Found'],
    ['/creator/abc', 'Creator Not Found'],
    // Signed out (every call answers 401): onboarding sends the visitor to sign in.
    ['/creatorlogin', 'Sign In'],
    // Signed out: the creator dashboard denies access.
    ['/creator-dashboard', 'Access Denied'],
    // Every call fails here, the invitation check too, so the page says the invitation is unusable.
    ['/critic-signup?token=abc', /invitation/],
    ['/critic-dashboard', 'Critic Dashboard'],
    ['/terms', 'Terms of Service'],
    ['/about', 'About Us'],
    ['/privacy', 'Privacy Policy'],
    ['/creator-guidelines', 'Creator Guidelines'],
    // Signed out: both upload routes send the visitor to sign in.
    ['/upload', 'Sign In'],
    ['/uploadfilm', 'Sign In'],
  ])('registers %s', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('shows the landing page under its own top bar to a visitor (a session of nobody)', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/session' ? jsonResponse({ user: null }) : jsonResponse([]),
    );
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: /First-Class/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    // One top bar only: the app navigation bar is not shown on the landing page.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/session',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('registers /waitlist as a standalone page', async () => {
    renderAt('/waitlist');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Next Frame of Cinema' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Join the waitlist' })).toBeInTheDocument();
  });

  it('puts the static pages under the navigation bar with the site footer', async () => {
    renderAt('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('ABN 12 345 678 901')).toBeInTheDocument();
  });

  it('treats a failing /api/auth/session as anonymous and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/browse');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('sends signed-in users from / to /home', async () => {
    // The signed-in user; the home screen's catalogue calls find nothing.
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/session' ? jsonResponse({ user: makeUser({ isAdmin: true }) }) : jsonResponse([]),
    );
    const router = renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });

  it('signs out from the avatar menu: POST /api/auth/logout, toast, and Sign In again', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/auth/logout' && init?.method === 'POST') return new Response(null, { status: 204 });
      return url === '/api/auth/session' ? jsonResponse({ user: makeUser() }) : jsonResponse([]);
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/browse'] })} />
        <Toaster />
      </QueryClientProvider>,
    );

    await userEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    // The cached user is cleared at once: the navigation bar offers Sign In, and the user is not refetched.
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/session')).toHaveLength(1);
  });

  it('preloads the screen of the address with its film or creator, and settles when they fail', async () => {
    const preloaded = async (path: string) => {
      await preloadScreen(createMemoryRouter(routes, { initialEntries: [path] }));
      return fetchMock.mock.calls.map(([url]) => String(url));
    };
    fetchMock.mockImplementation(async () =>
      jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found' }, { status: 404 }),
    );

    await expect(preloaded('/film/9101')).resolves.toContain('/api/films/9101');
    await expect(preloaded('/creator/9102')).resolves.toContain('/api/creators/9102');
    // An id the screen shows as not found asks for nothing.
    expect(await preloaded('/film/abc')).toHaveLength(2);
  });
});
