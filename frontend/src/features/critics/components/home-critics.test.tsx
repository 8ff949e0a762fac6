import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, unauthorizedResponse } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { HomeCritics } from './home-critics';
import { makeCritic } from './test-critics';

const LIST = 'GET /api/critics?limit=20';
const pauline = makeCritic();
const roger = makeCritic({
  id: 5,
  isVerified: false,
  user: { firstName: 'Roger', lastName: 'Ebert', profileImageUrl: null },
});
const picks = [
  {
    rating: 9,
    reviewTitle: 'The tide turns',
    reviewId: 1,
    film: { id: 3, title: 'Tidal', genre: 'Drama', durationMinutes: 12, posterUrl: null, creatorId: 1 },
  },
];

const toggle = () => within(screen.getByRole('group', { name: 'Which critics' }));

describe('HomeCritics', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("selecting a critic highlights it and shows 'Critic Recommendations' of their highest-rated films", async () => {
    mockFetch({
      [LIST]: () => jsonResponse([pauline, roger]),
      'GET /api/critics/4/recommendations': () => jsonResponse(picks),
      'GET /api/critics/5/recommendations': () => jsonResponse([]),
    });
    renderWithProviders(<HomeCritics />);
    const choice = await screen.findByRole('button', { name: /Pauline Kael/ });
    expect(screen.queryByText('Critic Recommendations')).not.toBeInTheDocument();

    await userEvent.click(choice);
    expect(choice).toHaveAttribute('aria-pressed', 'true');
    const row = await screen.findByRole('region', { name: 'Critic Recommendations' });
    expect(await within(row).findByRole('link', { name: 'Tidal, 9/10' })).toHaveAttribute('href', '/film/3');

    await userEvent.click(screen.getByRole('button', { name: /Roger Ebert/ }));
    expect(choice).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('Roger Ebert has not reviewed any films yet.')).toBeInTheDocument();
  });

  it('Following shows the followed critics; visitors are asked to sign in', async () => {
    mockFetch({
      [LIST]: () => jsonResponse([pauline, roger]),
      'GET /api/critics/following': () => jsonResponse({ criticIds: [5] }),
    });
    renderWithProviders(<HomeCritics />);
    await screen.findByRole('button', { name: /Pauline Kael/ });
    await userEvent.click(toggle().getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: /Roger Ebert/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pauline Kael/ })).not.toBeInTheDocument();
  });

  it('a visitor on Following is asked to sign in', async () => {
    mockFetch({ [LIST]: () => jsonResponse([pauline]), 'GET /api/critics/following': unauthorizedResponse });
    renderWithProviders(<HomeCritics />);
    await screen.findByRole('button', { name: /Pauline Kael/ });
    await userEvent.click(toggle().getByRole('button', { name: 'Following' }));
    expect(await screen.findByText('Sign in to see the critics you follow.')).toBeInTheDocument();
  });
});
