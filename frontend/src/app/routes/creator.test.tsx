import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeCreatorProfile } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

const renderAt = (path: string) => renderWithProviders(<></>, { route: path, routes });

describe('/creator/:id', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['0', '-3', 'abc', '2.5'])(
    "shows 'Creator Not Found' for the id %s without calling the API",
    async (id) => {
      const { fetchMock } = mockFetch();
      renderAt(`/creator/${id}`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Creator Not Found' })).toBeInTheDocument();
      expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/creators'))).toHaveLength(0);
    },
  );

  it("labels the signed-in creator's own profile 'Filmmaker'", async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser({ id: 'u-omar' }) }),
      'GET /api/creators/4': () => jsonResponse(makeCreatorProfile()),
    });
    renderAt('/creator/4');

    expect(await screen.findByText('Filmmaker')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a film' })).toHaveAttribute('href', '/upload');
  });

  it("labels someone else's profile 'Independent Filmmaker'", async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser({ id: 'u-ada' }) }),
      'GET /api/creators/4': () => jsonResponse(makeCreatorProfile()),
    });
    renderAt('/creator/4');

    expect(await screen.findByText('Independent Filmmaker')).toBeInTheDocument();
  });

  it('shows Follow to signed-in members on someone else’s profile, and follows with POST /api/follow/{id}', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser({ id: 'u-ada' }) }),
      'GET /api/creators/4': () => jsonResponse(makeCreatorProfile()),
      'GET /api/user/follows': () => jsonResponse({ creatorIds: [] }),
      'POST /api/follow/4': () => jsonResponse({ creatorId: 4, isFollowing: true, followerCount: 1300 }),
    });
    renderAt('/creator/4');

    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(await screen.findByText('Following creator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getAllByText('1.3K followers').length).toBeGreaterThan(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/follow/4', expect.objectContaining({ method: 'POST' }));
  });

  it('shows no Follow to visitors or on the creator’s own profile', async () => {
    mockFetch({ 'GET /api/creators/4': () => jsonResponse(makeCreatorProfile()) });
    const { unmount } = renderAt('/creator/4');
    expect(await screen.findByText('Independent Filmmaker')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    unmount();

    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser({ id: 'u-omar' }) }),
      'GET /api/creators/4': () => jsonResponse(makeCreatorProfile()),
    });
    renderAt('/creator/4');
    expect(await screen.findByText('Filmmaker')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });
});
