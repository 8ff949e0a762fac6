import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

describe('/upload and /uploadfilm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor to /auth with a message', async () => {
    mockFetch();
    const { router } = renderWithProviders(<></>, { route: '/uploadfilm', routes });

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Sign in to upload a film.')).toBeInTheDocument();
  });

  it('points a member without a creator profile to the creator onboarding', async () => {
    mockFetch({ 'GET /api/auth/session': () => jsonResponse({ user: makeUser() }) });
    renderWithProviders(<></>, { route: '/upload', routes });

    expect(await screen.findByText('Uploading is for creators')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a creator' })).toHaveAttribute('href', '/creatorlogin');
  });

  it.each(['/upload', '/uploadfilm'])('shows a creator the upload screen at %s', async (route) => {
    mockFetch({ 'GET /api/auth/session': () => jsonResponse({ user: makeUser({ roles: ['creator'] }) }) });
    renderWithProviders(<></>, { route, routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Upload a film' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a video file' })).toBeInTheDocument();
  });

  it('shows an admin at /upload?forCreator=1 (Add New Film) the upload screen with a creator picker', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser({ isAdmin: true }) }),
      'GET /api/admin/creators?suspended=false': () => jsonResponse([]),
    });
    renderWithProviders(<></>, { route: '/upload?forCreator=1', routes });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add a film for a creator' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Add the film for' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a video file' })).toBeInTheDocument();
  });

  it('shows no creator picker to a creator who is not an admin', async () => {
    mockFetch({ 'GET /api/auth/session': () => jsonResponse({ user: makeUser({ roles: ['creator'] }) }) });
    renderWithProviders(<></>, { route: '/upload?forCreator=1', routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Upload a film' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add the film for' })).not.toBeInTheDocument();
  });
});
