import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

describe('/creatorlogin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor to /auth with a message', async () => {
    mockFetch();
    const { router } = renderWithProviders(<></>, { route: '/creatorlogin', routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.getByText('Sign in to create your creator profile.')).toBeInTheDocument();
  });

  it('shows the wizard to a signed-in user', async () => {
    mockFetch({ 'GET /api/auth/session': () => jsonResponse({ user: makeUser() }) });
    renderWithProviders(<></>, { route: '/creatorlogin', routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Become a Creator' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeInTheDocument();
  });
});
