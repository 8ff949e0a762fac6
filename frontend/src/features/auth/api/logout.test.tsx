import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Button } from '@/components/ui/button';
import { stubFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { getUserQueryOptions } from './get-user';
import { useLogout } from './logout';

function SignOutButton() {
  const logout = useLogout();
  return <Button onClick={() => logout.mutate()}>Sign Out</Button>;
}

describe('useLogout', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    stubFetch(fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('posts to /api/auth/logout, clears the user, toasts and returns to /', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const { queryClient } = renderWithProviders(<SignOutButton />, { route: '/profile' });
    queryClient.setQueryData(getUserQueryOptions().queryKey, makeUser());
    const listKey = ['user-lists', 'watchlist'];
    queryClient.setQueryData(listKey, [{ id: 1, filmId: 7, listType: 'watchlist' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(queryClient.getQueryData(getUserQueryOptions().queryKey)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    // What the signed-in user had loaded is dropped; the user stays signed out.
    expect(queryClient.getQueryData(listKey)).toBeUndefined();
    expect(queryClient.getQueryData(getUserQueryOptions().queryKey)).toBeNull();
  });

  it('aborts signed-in reads still in flight before the session ends', async () => {
    const events: string[] = [];
    fetchMock.mockImplementation((input, init) => {
      events.push(String(input));
      if (String(input) === '/api/auth/logout') return Promise.resolve(new Response(null, { status: 204 }));
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          events.push('aborted');
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    });
    const { queryClient } = renderWithProviders(<SignOutButton />, { route: '/home' });
    queryClient.setQueryData(getUserQueryOptions().queryKey, makeUser());
    void queryClient.prefetchQuery({
      queryKey: ['likes', 'mine'],
      queryFn: ({ signal }) => fetch('/api/user/likes', { signal }),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(events).toEqual(['/api/user/likes', 'aborted', '/api/auth/logout']);
  });

  it("toasts 'Logout failed' and stays put on failure", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse({ statusCode: 500 }, { status: 500 }));
    const { queryClient } = renderWithProviders(<SignOutButton />, { route: '/profile' });
    const user = makeUser();
    queryClient.setQueryData(getUserQueryOptions().queryKey, user);

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(queryClient.getQueryData(getUserQueryOptions().queryKey)).toEqual(user);
  });
});
