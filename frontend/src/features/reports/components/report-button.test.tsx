import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import { mockFetch, unauthorizedResponse } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ReportButton } from './report-button';

const REPORT = 'POST /api/reports';

const created = () =>
  jsonResponse(
    {
      id: 7,
      subjectType: 'film',
      subjectId: 3,
      reason: 'undisclosed_ai',
      details: null,
      status: 'open',
      note: null,
      createdAt: '2025-04-02T10:00:00.000Z',
      resolvedAt: null,
      reporter: { id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      subject: { title: 'Sombra Binaria' },
    },
    { status: 201 },
  );

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Report Sombra Binaria' }));
  return screen.getByRole('dialog', { name: 'Report Sombra Binaria' });
};

describe('ReportButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers every reason in plain words and needs one before sending', async () => {
    mockFetch({ [REPORT]: created });
    renderWithProviders(<ReportButton subjectType="film" subjectId={3} subjectLabel="Sombra Binaria" />);
    const dialog = await openDialog();

    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Spam or scam',
      'Harassment or bullying',
      'Hate speech',
      'Sexual content',
      'Violence or threats',
      'Copyright infringement',
      'Undisclosed AI use',
      'Impersonation',
      'Something else',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
  });

  it("sends the reason and details, toasts 'Report sent' and closes", async () => {
    const { bodiesSentTo } = mockFetch({ [REPORT]: created });
    renderWithProviders(<ReportButton subjectType="film" subjectId={3} subjectLabel="Sombra Binaria" />);
    const dialog = await openDialog();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Undisclosed AI use' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Details (optional)' }),
      '  The voices are synthetic.  ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(bodiesSentTo(REPORT)).toEqual([
      { subjectType: 'film', subjectId: 3, reason: 'undisclosed_ai', details: 'The voices are synthetic.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves blank details out', async () => {
    const { bodiesSentTo } = mockFetch({ [REPORT]: created });
    renderWithProviders(<ReportButton subjectType="review" subjectId={55} subjectLabel="Sombra Binaria" />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(bodiesSentTo(REPORT)).toEqual([{ subjectType: 'review', subjectId: 55, reason: 'harassment' }]);
  });

  it("toasts the server's reason on failure and keeps the dialog open", async () => {
    mockFetch({
      [REPORT]: () =>
        jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Film 3 not found' }, { status: 404 }),
    });
    renderWithProviders(<ReportButton subjectType="film" subjectId={3} subjectLabel="Sombra Binaria" />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Failed to send report')).toBeInTheDocument();
    expect(screen.getByText('Film 3 not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends a logged-out member to sign in', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({ [REPORT]: unauthorizedResponse });
    renderWithProviders(<ReportButton subjectType="film" subjectId={3} subjectLabel="Sombra Binaria" />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login'), { timeout: 2000 });
  });

  it('closes on Escape and gives focus back to the button', async () => {
    mockFetch();
    renderWithProviders(<ReportButton subjectType="film" subjectId={3} subjectLabel="Sombra Binaria" />);
    const dialog = await openDialog();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Report Sombra Binaria' })).toHaveFocus());
  });
});
