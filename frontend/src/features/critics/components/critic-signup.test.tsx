import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { CriticSignup } from './critic-signup';

const FIND = 'GET /api/critics/invitation/tok-1';
const ACCEPT = 'POST /api/critics/accept-invitation';
const invitation = { email: 'pauline@example.com', expiresAt: '2030-01-01T00:00:00.000Z' };

const renderSignup = (token: string | null = 'tok-1') => renderWithProviders(<CriticSignup token={token} />);

async function fillRequired() {
  await userEvent.type(await screen.findByLabelText('First Name *'), 'Pauline');
  await userEvent.type(screen.getByLabelText('Last Name *'), 'Kael');
  await userEvent.type(screen.getByLabelText('Professional Bio *'), 'Forty years of criticism.');
}

describe('CriticSignup', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("without a token: 'Invalid invitation link' and Return to Home", async () => {
    mockFetch();
    renderSignup(null);
    expect(screen.getByText('Invalid invitation link')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("validates, then 'Invalid or expired invitation' for a refused token", async () => {
    const answer = deferred<Response>();
    mockFetch({ [FIND]: () => answer.promise });
    renderSignup();
    expect(screen.getByText('Validating your invitation...')).toBeInTheDocument();
    answer.resolve(jsonResponse({ statusCode: 410, error: 'Gone', message: 'expired' }, { status: 410 }));
    expect(await screen.findByText('Invalid or expired invitation')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
  });

  it("'Failed to validate invitation' when the check gets no answer", async () => {
    mockFetch({ [FIND]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderSignup();
    expect(await screen.findByText('Failed to validate invitation')).toBeInTheDocument();
  });

  it('shows the invited address and every field, and names the missing ones', async () => {
    const { fetchMock } = mockFetch({ [FIND]: () => jsonResponse(invitation) });
    renderSignup();
    expect(await screen.findByText('pauline@example.com')).toBeInTheDocument();
    for (const label of [
      'First Name *',
      'Last Name *',
      'Professional Bio *',
      'Website',
      'Twitter',
      'Instagram',
      'LinkedIn',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(12);
    await userEvent.type(screen.getByLabelText('Website'), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Create Critic Account' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Professional bio is required')).toBeInTheDocument();
    expect(screen.getByText('Website must be a valid URL')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('accept-invitation'))).toBe(false);
  });

  it("sends the profile, reads 'Creating Account...', then goes to /auth with a message", async () => {
    const accepted = deferred<Response>();
    const { bodiesSentTo } = mockFetch({
      [FIND]: () => jsonResponse(invitation),
      [ACCEPT]: () => accepted.promise,
    });
    renderSignup();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Crime' }));
    await userEvent.click(screen.getByRole('button', { name: 'Drama' }));
    await userEvent.type(screen.getByLabelText('Twitter'), '@kael');
    await userEvent.click(screen.getByRole('button', { name: 'Create Critic Account' }));

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(bodiesSentTo(ACCEPT)).toStrictEqual([
      {
        token: 'tok-1',
        userData: {
          firstName: 'Pauline',
          lastName: 'Kael',
          bio: 'Forty years of criticism.',
          expertise: ['Drama', 'Crime'],
          socialLinks: { twitter: '@kael' },
        },
      },
    ]);
    accepted.resolve(jsonResponse({ message: 'ok', criticId: 4, email: invitation.email }, { status: 201 }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth\?message=/));
    const search = new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1]);
    expect(search.get('message')).toContain('pauline@example.com');
  });

  it('shows a 400 that names a field beside that field, not as the form message', async () => {
    mockFetch({
      [FIND]: () => jsonResponse(invitation),
      [ACCEPT]: () =>
        jsonResponse(
          {
            statusCode: 400,
            error: 'twitter must be at most 200 characters',
            message: 'twitter must be at most 200 characters',
          },
          { status: 400 },
        ),
    });
    renderSignup();
    await fillRequired();
    await userEvent.type(screen.getByLabelText('Twitter'), '@kael');
    await userEvent.click(screen.getByRole('button', { name: 'Create Critic Account' }));

    const twitter = screen.getByLabelText('Twitter');
    await waitFor(() => expect(twitter).toHaveAttribute('aria-invalid', 'true'));
    expect(twitter).toHaveAccessibleDescription('twitter must be at most 200 characters');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's error text, else the fallbacks", async () => {
    const answers = [
      () =>
        jsonResponse(
          { statusCode: 410, error: 'This invitation has already been used', message: 'x' },
          { status: 410 },
        ),
      () => new Response('', { status: 500 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    let call = 0;
    mockFetch({ [FIND]: () => jsonResponse(invitation), [ACCEPT]: () => answers[call++]!() });
    renderSignup();
    await fillRequired();
    const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Critic Account' }));
    await submit();
    expect(await screen.findByText('This invitation has already been used')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Failed to create critic account')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
  });
});
