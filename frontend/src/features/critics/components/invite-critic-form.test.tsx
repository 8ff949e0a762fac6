import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { InviteCriticForm } from './invite-critic-form';

const INVITE = 'POST /api/critics/invitations';

describe('InviteCriticForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the address, toasts success and clears the field', async () => {
    const { bodiesSentTo } = mockFetch({
      [INVITE]: () =>
        jsonResponse(
          { email: 'pauline@example.com', expiresAt: '2030-01-01T00:00:00.000Z' },
          { status: 201 },
        ),
    });
    renderWithProviders(<InviteCriticForm />);
    const send = screen.getByRole('button', { name: 'Send Invitation' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Critic email'), 'pauline@example.com');
    await userEvent.click(send);
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(bodiesSentTo(INVITE)).toStrictEqual([{ email: 'pauline@example.com' }]);
    expect(screen.getByLabelText('Critic email')).toHaveValue('');
  });

  it("toasts the failure with the server's reason", async () => {
    mockFetch({
      [INVITE]: () =>
        jsonResponse(
          { statusCode: 403, error: 'Forbidden', message: 'Requires role: admin' },
          { status: 403 },
        ),
    });
    renderWithProviders(<InviteCriticForm />);
    await userEvent.type(screen.getByLabelText('Critic email'), 'pauline@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Failed to send invitation')).toBeInTheDocument();
    expect(screen.getByText('Requires role: admin')).toBeInTheDocument();
  });
});
