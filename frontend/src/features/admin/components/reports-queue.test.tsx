import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ReportsQueue } from './reports-queue';
import { makeReport } from './test-admin';

const OPEN = 'GET /api/admin/reports?status=open&limit=20&offset=0';
const STATS = 'GET /api/admin/stats';

const review = makeReport({
  id: 8,
  subjectType: 'review',
  subjectId: 55,
  reason: 'harassment',
  details: null,
  subject: { title: 'Fractal Tide' },
});

function renderQueue(decide: (id: number, body: { status: string; note?: string }) => Response) {
  const decided = new Set<number>();
  const handlers = {
    [OPEN]: () => jsonResponse([makeReport(), review].filter((report) => !decided.has(report.id))),
    [STATS]: () => jsonResponse({ pendingReviews: 0, openReports: 2 - decided.size }),
  };
  const patch = (id: number) => (init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body)) as { status: string; note?: string };
    const response = decide(id, body);
    if (response.ok) decided.add(id);
    return response;
  };
  const fetch = mockFetch({
    ...handlers,
    'PATCH /api/admin/reports/7': patch(7),
    'PATCH /api/admin/reports/8': patch(8),
  });
  renderWithProviders(<ReportsQueue />, { route: '/admin' });
  return fetch;
}

const decidedReport = (id: number, body: { status: string; note?: string }) =>
  jsonResponse({ ...makeReport({ id }), status: body.status, note: body.note ?? null });

describe('ReportsQueue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists open reports with the subject, reason, details and reporter', async () => {
    renderQueue(decidedReport);
    const list = await screen.findByRole('list', { name: 'Open reports' });
    const film = within(list).getByRole('article', { name: 'Report 7' });
    expect(within(film).getByRole('link', { name: 'Film: Fractal Tide' })).toHaveAttribute(
      'href',
      '/film/21',
    );
    expect(within(film).getByText('Undisclosed AI use')).toBeInTheDocument();
    expect(within(film).getByText('The voices sound generated but nothing says so.')).toBeInTheDocument();
    expect(within(film).getByText('Reported by Ada Lovelace (ada@example.com)')).toBeInTheDocument();
    const onReview = within(list).getByRole('article', { name: 'Report 8' });
    expect(within(onReview).getByText('Review #55 on “Fractal Tide”')).toBeInTheDocument();
    expect(within(onReview).getByText('Harassment or bullying')).toBeInTheDocument();
  });

  it('resolves a report with a note and drops it from the queue', async () => {
    const { bodiesSentTo } = renderQueue(decidedReport);
    const list = await screen.findByRole('list', { name: 'Open reports' });
    await userEvent.click(
      within(within(list).getByRole('article', { name: 'Report 7' })).getByRole('button', {
        name: 'Resolve',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Resolve report' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      ' Asked for a disclosure. ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    expect(bodiesSentTo('PATCH /api/admin/reports/7')).toEqual([
      { status: 'resolved', note: 'Asked for a disclosure.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Report 7' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Report 8' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('dismisses a report without a note', async () => {
    const { bodiesSentTo } = renderQueue(decidedReport);
    const list = await screen.findByRole('list', { name: 'Open reports' });
    await userEvent.click(
      within(within(list).getByRole('article', { name: 'Report 8' })).getByRole('button', {
        name: 'Dismiss',
      }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Dismiss report' })).getByRole('button', { name: 'Dismiss' }),
    );

    expect(await screen.findByText('Report dismissed')).toBeInTheDocument();
    expect(bodiesSentTo('PATCH /api/admin/reports/8')).toEqual([{ status: 'dismissed' }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Report 8' })).not.toBeInTheDocument());
  });

  it("toasts the server's reason when the decision fails and keeps the report", async () => {
    renderQueue(() =>
      jsonResponse(
        { statusCode: 409, error: 'Conflict', message: 'Report 7 is already resolved' },
        { status: 409 },
      ),
    );
    const list = await screen.findByRole('list', { name: 'Open reports' });
    await userEvent.click(
      within(within(list).getByRole('article', { name: 'Report 7' })).getByRole('button', {
        name: 'Resolve',
      }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Resolve report' })).getByRole('button', { name: 'Resolve' }),
    );

    expect(await screen.findByText('Failed to update report')).toBeInTheDocument();
    expect(screen.getByText('Report 7 is already resolved')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Resolve report' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Report 7' })).toBeInTheDocument();
  });
});
