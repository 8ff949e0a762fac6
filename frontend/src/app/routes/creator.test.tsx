import { screen } from '@testing-library/react';
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
      'GET /api/auth/user': () => jsonResponse(makeUser({ id: 'u-omar' })),
      'GET /api/creators/4': () => jsonResponse(makeCreatorProfile()),
    });
    renderAt('/creator/4');

    expect(await screen.findByText('Filmmaker')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a film' })).toHaveAttribute('href', '/upload');
  });

  it("labels someone else's profile 'Independent Filmmaker'", async () => {
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser({ id: 'u-ada' })),
      'GET /api/creators/4': () => jsonResponse(makeCreatorProfile()),
    });
    renderAt('/creator/4');

    expect(await screen.findByText('Independent Filmmaker')).toBeInTheDocument();
  });
});
