import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { WaitlistForm } from './waitlist-form';

const JOIN = 'POST /api/waitlist';
const ADDRESS = 'viewer@example.com';

async function join(address = ADDRESS) {
  renderWithProviders(<WaitlistForm />);
  const form = screen.getByRole('form', { name: 'Join the waitlist' });
  await userEvent.type(within(form).getByRole('textbox', { name: 'Email address' }), address);
  await userEvent.click(within(form).getByRole('button', { name: 'Join the Waitlist' }));
}

describe('WaitlistForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses a required email-type field', () => {
    mockFetch();
    renderWithProviders(<WaitlistForm />);
    const input = screen.getByRole('textbox', { name: 'Email address' });

    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
  });

  it("shows 'Joining...' while submitting, then replaces the form and clears the address", async () => {
    const joined = deferred<Response>();
    const { bodiesSentTo } = mockFetch({ [JOIN]: () => joined.promise });
    await join();

    expect(screen.getByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(bodiesSentTo(JOIN)).toEqual([{ email: ADDRESS }]);

    joined.resolve(jsonResponse({ message: "Thanks! You're on the waitlist." }, { status: 201 }));

    expect(await screen.findByText("Thanks! You're on the waitlist.")).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join the waitlist' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(ADDRESS)).not.toBeInTheDocument();
  });

  it("tells a 409 that they're already on the list", async () => {
    mockFetch({
      [JOIN]: () =>
        jsonResponse(
          { statusCode: 409, error: 'Conflict', message: 'Some other text' },
          { status: 409, statusText: 'Conflict' },
        ),
    });
    await join();

    expect(await screen.findByRole('alert')).toHaveTextContent("You're already on our waitlist!");
    // The form stays, with the address, for another try.
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue(ADDRESS);
    expect(screen.getByRole('button', { name: 'Join the Waitlist' })).toBeEnabled();
  });

  it("shows the server's message for other failures", async () => {
    mockFetch({
      [JOIN]: () =>
        jsonResponse(
          { statusCode: 400, error: 'Bad Request', message: 'email must be a valid email address' },
          { status: 400, statusText: 'Bad Request' },
        ),
    });
    await join();

    expect(await screen.findByRole('alert')).toHaveTextContent('email must be a valid email address');
  });

  it('falls back to the status text when the body has no message', async () => {
    mockFetch({ [JOIN]: () => new Response('', { status: 503, statusText: 'Service Unavailable' }) });
    await join();

    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
  });

  it("falls back to 'Something went wrong. Please try again.' without message or status text", async () => {
    mockFetch({ [JOIN]: () => new Response('oops', { status: 500, statusText: '' }) });
    await join();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it("shows 'Something went wrong. Please try again.' on a network error", async () => {
    mockFetch({
      [JOIN]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await join();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('clears the error once a retry succeeds', async () => {
    let calls = 0;
    mockFetch({
      [JOIN]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return jsonResponse({ message: "Thanks! You're on the waitlist." }, { status: 201 });
      },
    });
    await join();
    await screen.findByRole('alert');

    await userEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));

    expect(await screen.findByText("Thanks! You're on the waitlist.")).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
