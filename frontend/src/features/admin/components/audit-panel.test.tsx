import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { AuditEntry } from '@/lib/api/types';

import { AuditPanel } from './audit-panel';

const suspended: AuditEntry = {
  id: 2,
  at: new Date(Date.now() - 60_000).toISOString(),
  actor: { id: 'a', email: 'root@example.com', firstName: 'Ada', lastName: 'Admin' },
  action: 'user.suspended',
  target: { type: 'user', id: 'b', label: 'bo@example.com' },
  reason: 'Spam in reviews',
  details: {},
  service: 'auth',
};
const approved: AuditEntry = {
  ...suspended,
  id: 1,
  action: 'film.approved',
  target: { type: 'film', id: '9', label: 'Quiet Orbit' },
  reason: '',
  service: 'admin',
};

describe('AuditPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists who did what to what and why, and filters by action', async () => {
    mockFetch({
      'GET /api/admin/audit?limit=20&offset=0': () => jsonResponse([suspended, approved]),
      'GET /api/admin/audit?action=film.approved&limit=20&offset=0': () => jsonResponse([approved]),
    });
    renderWithProviders(<AuditPanel />, { route: '/admin' });
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent('User suspended: user bo@example.com');
    expect(first).toHaveTextContent('by Ada Admin · reason: Spam in reviews');
    expect(first).toHaveTextContent('1 minute ago');
    expect(second).toHaveTextContent('Film approved: film Quiet Orbit');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'film.approved');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem')).toHaveLength(
        1,
      ),
    );
  });
});
