import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import { mockFetch, unauthorizedResponse } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { PendingUploads } from './pending-films';
import { AdminStatsCard } from './admin-stats-card';
import { makePendingFilm } from './test-admin';

const PENDING = 'GET /api/admin/films/pending?limit=5&offset=0';
const STATS = 'GET /api/admin/stats';
const DECIDE = 'PATCH /api/admin/films/21/status';

/** The queue empties once the film is decided; the counters follow. */
function renderOverview(decide: () => Response) {
  let decided = false;
  let pendingLoads = 0;
  let statsLoads = 0;
  const fetch = mockFetch({
    [PENDING]: () => {
      pendingLoads += 1;
      return jsonResponse(decided ? [] : [makePendingFilm(), makePendingFilm({ id: 22, title: 'Cellular' })]);
    },
    [STATS]: () => {
      statsLoads += 1;
      return jsonResponse({ pendingReviews: decided ? 1 : 2, openReports: 0 });
    },
    [DECIDE]: () => {
      const response = decide();
      if (response.ok) decided = true;
      return response;
    },
  });
  renderWithProviders(
    <>
      <AdminStatsCard />
      <PendingUploads />
    </>,
    { route: '/admin' },
  );
  return { ...fetch, loads: () => ({ pending: pendingLoads, stats: statsLoads }) };
}

const ok =
  (status: 'published' | 'archived', reason: string | null = null) =>
  () =>
    jsonResponse({ filmId: 21, status, reason });

describe('approve and reject', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('approves a film, toasts success and refreshes the queue and the counters', async () => {
    const { bodiesSentTo, loads } = renderOverview(ok('published'));

    await userEvent.click(await screen.findByRole('button', { name: 'Approve Fractal Tide' }));

    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Film status updated successfully')).toBeInTheDocument();
    expect(bodiesSentTo(DECIDE)).toEqual([{ status: 'published' }]);
    expect(await screen.findByText('No films are waiting for review.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Moderation' })).toHaveTextContent('Pending reviews1'),
    );
    expect(loads()).toEqual({ pending: 2, stats: 2 });
  });

  it('rejects only with a reason, which is sent trimmed', async () => {
    const { bodiesSentTo } = renderOverview(ok('archived', 'Flicker'));

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Fractal Tide' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject “Fractal Tide”' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    const submit = within(dialog).getByRole('button', { name: 'Reject film' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(submit).toBeDisabled();
    await userEvent.type(reason, '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(reason, 'Strobing in the first minute needs a warning. ');
    await userEvent.click(submit);

    expect(await screen.findByText('Film status updated successfully')).toBeInTheDocument();
    expect(bodiesSentTo(DECIDE)).toEqual([
      { status: 'archived', reason: 'Strobing in the first minute needs a warning.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the reject dialog on Cancel without deciding', async () => {
    const { fetchMock } = renderOverview(ok('archived'));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Fractal Tide' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("toasts 'Error - Failed to update film status' when the decision fails, and keeps the dialog", async () => {
    renderOverview(() =>
      jsonResponse(
        { statusCode: 409, error: 'Conflict', message: 'Film 21 is not pending' },
        { status: 409 },
      ),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Fractal Tide' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Too dark');
    await userEvent.click(screen.getByRole('button', { name: 'Reject film' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to update film status')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('handles a 401 as the app does: the logged-out toast, then to sign in', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderOverview(unauthorizedResponse);

    await userEvent.click(await screen.findByRole('button', { name: 'Approve Fractal Tide' }));

    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update film status')).not.toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login'), { timeout: 2000 });
  });
});
