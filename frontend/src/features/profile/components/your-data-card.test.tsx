import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { YourDataCard } from './your-data-card';

const EMAIL = 'ada@example.com';
const account = { id: 'u-1', email: EMAIL, firstName: 'Ada', createdAt: '2026-11-01T00:00:00.000Z' };
const social = {
  reviews: [{ id: 1, filmId: 3, rating: 8, review: 'Lovely' }],
  lists: [{ listType: 'watchlist', filmId: 3 }],
  follows: { creators: [{ id: 4, createdAt: '2026-11-02T00:00:00.000Z' }], critics: [] },
  likes: [{ filmId: 3 }],
  notifications: [],
};
const analytics = { viewingHistory: [{ sessionId: 's-1', filmId: 3 }] };
const catalog = { creatorProfile: null };
const admin = { reports: [{ id: 1, subjectType: 'film', subjectId: 3, reason: 'spam' }] };
const otherParts = {
  'GET /api/user/export/catalog': () => jsonResponse(catalog),
  'GET /api/user/export/admin': () => jsonResponse(admin),
};

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

function renderCard(handlers = {}) {
  const fetch = mockFetch(handlers);
  const onAccountDeleted = vi.fn();
  renderWithProviders(<YourDataCard email={EMAIL} onAccountDeleted={onAccountDeleted} />);
  return { ...fetch, onAccountDeleted };
}

describe('YourDataCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads one JSON file with every service’s part', async () => {
    const download = vi.spyOn(browser, 'download').mockImplementation(() => {});
    renderCard({
      'POST /api/auth/user/export': () => jsonResponse({ account }),
      'GET /api/user/export/social': () => jsonResponse(social),
      'GET /api/user/export/analytics': () => jsonResponse(analytics),
      ...otherParts,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(download).toHaveBeenCalledOnce());
    const [filename, blob] = download.mock.calls[0]!;
    expect(filename).toMatch(/^kinora-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const archive = JSON.parse(await textOf(blob)) as Record<string, unknown>;
    expect(archive).toMatchObject({ account, ...social, ...analytics, ...catalog, ...admin });
    expect(Object.keys(archive).sort()).toStrictEqual(
      [
        'account',
        'creatorProfile',
        'reports',
        'exportedAt',
        'follows',
        'likes',
        'lists',
        'notifications',
        'reviews',
        'viewingHistory',
      ].sort(),
    );
    expect(await screen.findByText('Your data is downloaded')).toBeInTheDocument();
  });

  it('says so when a part cannot be fetched, and saves nothing', async () => {
    const download = vi.spyOn(browser, 'download').mockImplementation(() => {});
    renderCard({
      'POST /api/auth/user/export': () => jsonResponse({ account }),
      'GET /api/user/export/social': () =>
        jsonResponse(
          { statusCode: 503, error: 'Service Unavailable', message: 'Try again' },
          { status: 503 },
        ),
      'GET /api/user/export/analytics': () => jsonResponse(analytics),
      ...otherParts,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Could not download your data')).toBeInTheDocument();
    expect(download).not.toHaveBeenCalled();
  });

  it('deletes the account only once the member typed their email, then signs them out', async () => {
    const { bodiesSentTo, onAccountDeleted } = renderCard({
      'DELETE /api/auth/user': () => new Response(null, { status: 204 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByLabelText('Your email address');
    await userEvent.type(field, 'ada@example.co');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'M ');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(onAccountDeleted).toHaveBeenCalledOnce());
    expect(bodiesSentTo('DELETE /api/auth/user')).toStrictEqual([{ confirm: 'ada@example.coM' }]);
    expect(await screen.findByText('Your account is deleted')).toBeInTheDocument();
  });

  it('shows the server’s reason when the deletion is refused, and Cancel closes the dialog', async () => {
    const { onAccountDeleted } = renderCard({
      'DELETE /api/auth/user': () =>
        jsonResponse(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'confirm must be the email address of your account',
          },
          { status: 400 },
        ),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Your email address'), EMAIL);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('confirm must be the email address of your account')).toBeInTheDocument();
    expect(onAccountDeleted).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
