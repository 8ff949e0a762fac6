import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { AdminAccount } from '@/lib/api/types';

import { UsersPanel } from './users-panel';

const BO = '11111111-1111-4111-8111-111111111111';
const ADA = '22222222-2222-4222-8222-222222222222';

const makeAccount = (overrides: Partial<AdminAccount> = {}): AdminAccount => ({
  id: BO,
  email: 'bo@example.com',
  firstName: 'Bo',
  lastName: 'Reyes',
  isAdmin: false,
  roles: ['creator'],
  creatorId: 7,
  criticId: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  openSessions: 2,
  suspendedAt: null,
  suspensionReason: null,
  ...overrides,
});

/** The accounts as the server keeps them, changed by the calls the panel makes. */
function renderPanel() {
  const accounts = new Map([
    [BO, makeAccount()],
    [
      ADA,
      makeAccount({
        id: ADA,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: null,
        isAdmin: true,
        roles: [],
        creatorId: null,
        openSessions: 0,
      }),
    ],
  ]);
  const change = (id: string, fields: Partial<AdminAccount>) => () => {
    accounts.set(id, { ...accounts.get(id)!, ...fields });
    return jsonResponse(accounts.get(id));
  };
  const fetch = mockFetch({
    'GET /api/auth/users?limit=20&offset=0': () => jsonResponse([...accounts.values()]),
    'GET /api/auth/users?q=bo%40example.com&limit=20&offset=0': () => jsonResponse([accounts.get(BO)]),
    [`POST /api/auth/users/${BO}/suspension`]: change(BO, {
      suspendedAt: '2026-11-30T10:00:00.000Z',
      suspensionReason: 'Spam',
      openSessions: 0,
    }),
    [`DELETE /api/auth/users/${BO}/suspension`]: change(BO, { suspendedAt: null, suspensionReason: null }),
    [`PUT /api/auth/users/${BO}/roles/critic`]: change(BO, { roles: ['creator', 'critic'] }),
    [`DELETE /api/auth/users/${BO}/sessions`]: () => {
      accounts.set(BO, { ...accounts.get(BO)!, openSessions: 0 });
      return new Response(null, { status: 204 });
    },
  });
  renderWithProviders(<UsersPanel />, { route: '/admin' });
  return fetch;
}

const row = async (email: string) =>
  within(await screen.findByRole('list', { name: 'Users' })).getByRole('listitem', { name: email });

describe('UsersPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each account with roles, profiles, sign-up, last seen and sessions; says admins come from ADMIN_EMAILS', async () => {
    renderPanel();
    const bo = await row('bo@example.com');
    expect(bo).toHaveTextContent('Bo Reyes');
    expect(bo).toHaveTextContent('creator');
    expect(bo).toHaveTextContent(/Signed up Jan 2, 2026 · last seen 5 minutes ago · 2 open sessions/);
    expect(within(bo).getByRole('link', { name: 'Creator profile' })).toHaveAttribute('href', '/creator/7');
    const ada = await row('ada@example.com');
    expect(ada).toHaveTextContent('Admin');
    expect(within(ada).queryByRole('button', { name: /Suspend/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Admins are set by the ADMIN_EMAILS setting/)).toBeInTheDocument();
  });

  it('finds a member by email and suspends them with a required reason, then lifts it', async () => {
    const { bodiesSentTo } = renderPanel();
    await userEvent.type(
      await screen.findByRole('searchbox', { name: 'Search users' }),
      'bo@example.com{Enter}',
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'ada@example.com' })).not.toBeInTheDocument(),
    );
    await userEvent.click(
      within(await row('bo@example.com')).getByRole('button', { name: 'Suspend bo@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Suspend bo@example.com' });
    const submit = within(dialog).getByRole('button', { name: 'Suspend user' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' Spam ');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(`POST /api/auth/users/${BO}/suspension`)).toEqual([{ reason: 'Spam' }]);
    await waitFor(async () => expect(await row('bo@example.com')).toHaveTextContent('Suspended: Spam'));

    await userEvent.click(
      within(await row('bo@example.com')).getByRole('button', { name: 'Unsuspend bo@example.com' }),
    );
    await waitFor(async () => expect(await row('bo@example.com')).not.toHaveTextContent('Suspended'));
  });

  it('grants a role and ends every session', async () => {
    const { fetchMock } = renderPanel();
    await userEvent.click(
      within(await row('bo@example.com')).getByRole('button', {
        name: 'Grant the critic role of bo@example.com',
      }),
    );
    await waitFor(async () => expect(await row('bo@example.com')).toHaveTextContent('critic'));
    await userEvent.click(
      within(await row('bo@example.com')).getByRole('button', {
        name: 'End every session of bo@example.com',
      }),
    );
    await waitFor(async () => expect(await row('bo@example.com')).toHaveTextContent('0 open sessions'));
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toContain(
      `DELETE /api/auth/users/${BO}/sessions`,
    );
  });
});
