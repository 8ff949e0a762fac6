import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { FeedbackForm } from './feedback-form';

const FEEDBACK = 'POST /api/feedback';

const fields = () => ({
  name: screen.getByRole('textbox', { name: /^Name/ }),
  email: screen.getByRole('textbox', { name: 'Email' }),
  vision: screen.getByRole('textbox', { name: 'Share your vision' }),
});

async function fillAndSubmit({ name = 'Grace', email = 'grace@example.com', vision = 'More noir.' } = {}) {
  const { name: nameInput, email: emailInput, vision: visionInput } = fields();
  if (name) await userEvent.type(nameInput, name);
  await userEvent.type(emailInput, email);
  await userEvent.type(visionInput, vision);
  await userEvent.click(screen.getByRole('button', { name: 'Share Feedback' }));
}

describe('FeedbackForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has an optional name, a required email-type email and a required 5-row vision', () => {
    mockFetch();
    renderWithProviders(<FeedbackForm />);
    const { name, email, vision } = fields();

    expect(name).not.toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(vision.tagName).toBe('TEXTAREA');
    expect(vision).toHaveAttribute('rows', '5');
    expect(vision).toBeRequired();
  });

  it("shows 'Submitting...', then replaces the form with 'Thank You!' and clears the fields", async () => {
    const sent = deferred<Response>();
    const { bodiesSentTo } = mockFetch({ [FEEDBACK]: () => sent.promise });
    renderWithProviders(<FeedbackForm />);

    await fillAndSubmit();

    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(bodiesSentTo(FEEDBACK)).toEqual([
      { name: 'Grace', email: 'grace@example.com', vision: 'More noir.' },
    ]);

    sent.resolve(jsonResponse({ message: 'Thank you for your feedback!' }, { status: 201 }));

    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('More noir.')).not.toBeInTheDocument();
  });

  it('leaves a blank name out of the request', async () => {
    const { bodiesSentTo } = mockFetch({
      [FEEDBACK]: () => jsonResponse({ message: 'Thank you for your feedback!' }, { status: 201 }),
    });
    renderWithProviders(<FeedbackForm />);

    await fillAndSubmit({ name: '' });

    await screen.findByRole('heading', { name: 'Thank You!' });
    expect(bodiesSentTo(FEEDBACK)).toEqual([{ email: 'grace@example.com', vision: 'More noir.' }]);
  });

  it.each([
    [
      'a validation error',
      () => jsonResponse({ statusCode: 400, message: 'vision is required' }, { status: 400 }),
    ],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("shows 'Something went wrong. Please try again.' on %s and keeps the input", async (_, handler) => {
    mockFetch({ [FEEDBACK]: handler });
    renderWithProviders(<FeedbackForm />);

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(fields().vision).toHaveValue('More noir.');
    expect(screen.getByRole('button', { name: 'Share Feedback' })).toBeEnabled();
  });
});
