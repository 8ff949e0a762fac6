import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

describe('/admin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives an admin the dashboard, with the critic invitation form in the Content tab', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser({ isAdmin: true }) }),
      'GET /api/admin/stats': () => jsonResponse({ pendingReviews: 0, openReports: 0 }),
      'GET /api/admin/films/pending?limit=5&offset=0': () => jsonResponse([]),
      'GET /api/admin/films/pending?limit=20&offset=0': () => jsonResponse([]),
      'GET /api/admin/reports?status=open&limit=20&offset=0': () => jsonResponse([]),
      'GET /api/admin/waitlist?limit=20&offset=0': () => jsonResponse([]),
      'GET /api/admin/feedback?limit=20&offset=0': () => jsonResponse([]),
    });
    renderWithProviders(<></>, { route: '/admin', routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('No films are waiting for review.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }));
    const content = screen.getByRole('tabpanel', { name: 'Content' });
    expect(within(content).getByRole('heading', { name: 'Invite a critic' })).toBeInTheDocument();
    expect(await within(content).findByText('No open reports.')).toBeInTheDocument();
  });

  it('denies a signed-in member who is not an admin', async () => {
    mockFetch({ 'GET /api/auth/session': () => jsonResponse({ user: makeUser() }) });
    renderWithProviders(<></>, { route: '/admin', routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(await screen.findByText('Admin access required. Redirecting...')).toBeInTheDocument();
  });
});
