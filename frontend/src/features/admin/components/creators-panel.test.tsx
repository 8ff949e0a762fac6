import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { AdminCreator } from '@/lib/api/types';

import { CreatorsPanel } from './creators-panel';

const LIST = 'GET /api/admin/creators?limit=20&offset=0';

const makeCreator = (overrides: Partial<AdminCreator> = {}): AdminCreator => ({
  id: 4,
  userId: 'u-omar',
  bio: 'Fractal coastlines.',
  user: { firstName: 'Omar', lastName: 'Haddad', email: 'omar@example.com', profileImageUrl: null },
  isVerified: false,
  isSuspended: false,
  suspendedAt: null,
  suspensionReason: null,
  _count: { films: 3, followers: 1200 },
  createdAt: '2025-04-01T10:00:00.000Z',
  ...overrides,
});

const lena = makeCreator({
  id: 5,
  userId: 'u-lena',
  user: { firstName: 'Lena', lastName: 'Park', email: 'lena@example.com', profileImageUrl: null },
  isVerified: true,
  isSuspended: true,
  suspendedAt: '2025-04-02T10:00:00.000Z',
  suspensionReason: 'Stolen footage.',
  _count: { films: 1, followers: 1 },
});

/** The list as the server keeps it, changed by the calls the panel makes. */
function renderPanel(refuse?: Response) {
  const creators = new Map([
    [4, makeCreator()],
    [5, lena],
  ]);
  const answer = (id: number, change: Partial<AdminCreator>) => () => {
    if (refuse) return refuse;
    creators.set(id, { ...creators.get(id)!, ...change });
    return jsonResponse(creators.get(id));
  };
  const fetch = mockFetch({
    [LIST]: () => jsonResponse([...creators.values()]),
    'GET /api/admin/creators?verified=true&limit=20&offset=0': () =>
      jsonResponse([...creators.values()].filter((each) => each.isVerified)),
    'GET /api/admin/creators?q=lena&limit=20&offset=0': () => jsonResponse([lena]),
    'PUT /api/admin/creators/4/verification': answer(4, { isVerified: true }),
    'DELETE /api/admin/creators/5/verification': answer(5, { isVerified: false }),
    'POST /api/admin/creators/4/suspension': answer(4, {
      isSuspended: true,
      suspensionReason: 'Impersonation.',
    }),
    'DELETE /api/admin/creators/5/suspension': answer(5, { isSuspended: false, suspensionReason: null }),
  });
  renderWithProviders(<CreatorsPanel />, { route: '/admin' });
  return fetch;
}

const row = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Creators' })).getByRole('listitem', { name });

describe('CreatorsPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists creators with films, followers, the tick and the suspension', async () => {
    renderPanel();
    const omar = await row('Omar Haddad');
    expect(omar).toHaveTextContent('omar@example.com · 3 films · 1.2K followers');
    expect(omar).not.toHaveTextContent('Verified');
    expect(omar).not.toHaveTextContent('Suspended');
    expect(within(omar).getByRole('link', { name: 'Omar Haddad' })).toHaveAttribute('href', '/creator/4');
    const suspended = await row('Lena Park');
    expect(suspended).toHaveTextContent('Verified');
    expect(suspended).toHaveTextContent('Suspended');
    expect(suspended).toHaveTextContent('Reason: Stolen footage.');
    expect(within(suspended).getByRole('button', { name: 'Unsuspend Lena Park' })).toBeInTheDocument();
  });

  it('verifies and unverifies, and the list follows', async () => {
    renderPanel();
    await userEvent.click(
      within(await row('Omar Haddad')).getByRole('button', { name: 'Verify Omar Haddad' }),
    );
    expect(await screen.findByText('Creator updated')).toBeInTheDocument();
    await waitFor(async () => expect(await row('Omar Haddad')).toHaveTextContent('Verified'));
    await userEvent.click(within(await row('Lena Park')).getByRole('button', { name: 'Unverify Lena Park' }));
    await waitFor(async () => expect(await row('Lena Park')).not.toHaveTextContent('Verified'));
  });

  it('suspends with a required reason, and lifts a suspension', async () => {
    const { bodiesSentTo } = renderPanel();
    await userEvent.click(
      within(await row('Omar Haddad')).getByRole('button', { name: 'Suspend Omar Haddad' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Suspend Omar Haddad' });
    const submit = within(dialog).getByRole('button', { name: 'Suspend creator' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' Impersonation. ');
    await userEvent.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo('POST /api/admin/creators/4/suspension')).toEqual([{ reason: 'Impersonation.' }]);
    await waitFor(async () => expect(await row('Omar Haddad')).toHaveTextContent('Reason: Impersonation.'));

    await userEvent.click(
      within(await row('Lena Park')).getByRole('button', { name: 'Unsuspend Lena Park' }),
    );
    await waitFor(async () => expect(await row('Lena Park')).not.toHaveTextContent('Suspended'));
  });

  it('filters by standing and searches by name', async () => {
    renderPanel();
    await row('Omar Haddad');
    await userEvent.click(screen.getByRole('radio', { name: 'Verified' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Omar Haddad' })).not.toBeInTheDocument(),
    );
    expect(await row('Lena Park')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search creators' }), ' lena {Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Omar Haddad' })).not.toBeInTheDocument(),
    );
    expect(await row('Lena Park')).toBeInTheDocument();
  });

  it("toasts the server's reason when an action is refused", async () => {
    renderPanel(
      jsonResponse(
        { statusCode: 409, error: 'Conflict', message: 'Creator 4 is already suspended' },
        { status: 409 },
      ),
    );
    await userEvent.click(
      within(await row('Omar Haddad')).getByRole('button', { name: 'Verify Omar Haddad' }),
    );
    expect(await screen.findByText('Creator 4 is already suspended')).toBeInTheDocument();
    expect(await row('Omar Haddad')).not.toHaveTextContent('Verified');
  });
});
