import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import { createQueryClient } from '@/lib/query-client';
import { makeCreator, makeCreatorProfile } from '@/testing/fixtures';
import { deferred, mockFetch, unauthorizedResponse } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { getCreatorQueryOptions } from '../api/get-creator';
import { getCreatorsQueryOptions } from '../api/get-creators';
import { FollowButton } from './follow-button';

const FOLLOWS = 'GET /api/user/follows';
const result = (isFollowing: boolean, followerCount: number) =>
  jsonResponse({ creatorId: 4, isFollowing, followerCount });

const location = () => screen.getByTestId('location').textContent;

describe('FollowButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows Following for a creator the member follows, from one GET /api/user/follows', async () => {
    const { fetchMock } = mockFetch({ [FOLLOWS]: () => jsonResponse({ creatorIds: [4] }) });
    renderWithProviders(
      <>
        <FollowButton creatorId={4} signedIn source="card" />
        <FollowButton creatorId={5} signedIn source="card" />
      </>,
    );

    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user/follows')).toHaveLength(1);
  });

  it('sends a visitor to /auth', async () => {
    const { fetchMock } = mockFetch();
    renderWithProviders(<FollowButton creatorId={4} signedIn={false} source="card" />);

    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));

    expect(location()).toBe('/auth');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("follows from a card: 'Loading...', then Following, the toast and the new follower count", async () => {
    const followed = deferred<Response>();
    const queryClient = createQueryClient();
    queryClient.setQueryData(getCreatorsQueryOptions().queryKey, [makeCreator()]);
    mockFetch({
      [FOLLOWS]: () => jsonResponse({ creatorIds: [] }),
      'POST /api/creators/4/follow': () => followed.promise,
    });
    renderWithProviders(<FollowButton creatorId={4} signedIn source="card" />, { queryClient });

    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    followed.resolve(result(true, 1201));
    expect(await screen.findByText('Following creator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toBeEnabled();
    const [creator] = queryClient.getQueryData(getCreatorsQueryOptions().queryKey)!;
    expect(creator).toMatchObject({ followerCount: 1201, _count: { followers: 1201 } });
  });

  it("unfollows on the creator page with DELETE /api/follow/{id}: 'Unfollowed creator'", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(getCreatorQueryOptions(4).queryKey, makeCreatorProfile());
    const { fetchMock } = mockFetch({
      [FOLLOWS]: () => jsonResponse({ creatorIds: [4] }),
      'DELETE /api/follow/4': () => result(false, 1199),
    });
    renderWithProviders(<FollowButton creatorId={4} signedIn source="page" />, { queryClient });

    await userEvent.click(await screen.findByRole('button', { name: 'Following' }));

    expect(await screen.findByText('Unfollowed creator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/follow/4', expect.objectContaining({ method: 'DELETE' }));
    expect(queryClient.getQueryData(getCreatorQueryOptions(4).queryKey)).toMatchObject({
      followerCount: 1199,
    });
  });

  it('follows on the creator page with POST /api/follow/{id}', async () => {
    const { fetchMock } = mockFetch({
      [FOLLOWS]: () => jsonResponse({ creatorIds: [] }),
      'POST /api/follow/4': () => result(true, 1),
    });
    renderWithProviders(<FollowButton creatorId={4} signedIn source="page" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/follow/4', expect.objectContaining({ method: 'POST' }));
  });

  it("rolls back and toasts 'Failed to update follow status' on failure", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      [FOLLOWS]: () => jsonResponse({ creatorIds: [] }),
      'POST /api/creators/4/follow': () =>
        new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    renderWithProviders(<FollowButton creatorId={4} signedIn source="card" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));

    const title = await screen.findByText('Failed to update follow status');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('hands a 401 to the unauthorized handler: toast, then the login page after 0.5 s', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({
      [FOLLOWS]: () => jsonResponse({ creatorIds: [] }),
      'POST /api/creators/4/follow': unauthorizedResponse,
    });
    renderWithProviders(<FollowButton creatorId={4} signedIn source="card" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update follow status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });
});
