import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getUserQueryOptions } from '@/features/auth/api/get-user';
import { deferred, mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

const SEND = 'POST /api/auth/send-code';
const VERIFY = 'POST /api/auth/verify-code';
const ADDRESS = 'ada@example.com';

const renderAuth = (path = '/auth') => renderWithProviders(<></>, { route: path, routes });

const emailInput = () => screen.findByRole('textbox', { name: 'Email Address' });
const codeInput = () => screen.getByRole('textbox', { name: 'Verification Code' });
const verifyButton = () => screen.getByRole('button', { name: /^(Verify & Continue|Verifying\.\.\.)$/ });

async function submitEmail(address = ADDRESS) {
  await userEvent.type(await emailInput(), address);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/auth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe('email step', () => {
    it("asks for a required 'Email Address' with a Continue button", async () => {
      mockFetch();
      renderAuth();

      const input = await emailInput();
      expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
      expect(input).toHaveAttribute('type', 'email');
      expect(input).toBeRequired();
      expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('type', 'submit');
    });

    it('shows the form while the session is still being checked, with its own title and description', async () => {
      const session = deferred<Response>();
      mockFetch({ 'GET /api/auth/session': () => session.promise });
      renderAuth();

      // Not a placeholder of another size that the form would replace: the form itself.
      expect(await emailInput()).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
        'Sign In',
      ]);
      expect(document.title).toBe('Sign In · Kinora');
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
        /^Sign in to Kinora with your email/,
      );
      session.resolve(jsonResponse({ user: null }));
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email Address' })).toBeInTheDocument());
    });

    it('ignores a blank address', async () => {
      const { fetchMock } = mockFetch();
      renderAuth();

      await userEvent.type(await emailInput(), '   ');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

      expect(screen.getByRole('textbox', { name: 'Email Address' })).toBeInTheDocument();
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/send-code')).toHaveLength(0);
    });

    it('shows the message query parameter as an info banner', async () => {
      mockFetch();
      renderAuth(`/auth?message=${encodeURIComponent('Your critic account is ready. Sign in to continue.')}`);

      await emailInput();
      expect(screen.getByText('Your critic account is ready. Sign in to continue.')).toBeInTheDocument();
    });

    it('shows no banner without a message', async () => {
      mockFetch();
      renderAuth();

      await emailInput();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('sends a signed-in user on to /home', async () => {
      mockFetch({ 'GET /api/auth/session': () => jsonResponse({ user: makeUser() }) });
      const { router } = renderAuth();

      expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/home');
      expect(screen.queryByRole('textbox', { name: 'Email Address' })).not.toBeInTheDocument();
    });
  });

  describe('sending the code', () => {
    it('moves to the code step at once, before send-code answers, and shows the address', async () => {
      const sent = deferred<Response>();
      const { bodiesSentTo } = mockFetch({ [SEND]: () => sent.promise });
      renderAuth();

      await submitEmail(`  ${ADDRESS} `);

      expect(codeInput()).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Email Address' })).not.toBeInTheDocument();
      expect(screen.getByTestId('code-sent-to')).toHaveTextContent(`We sent a 6-digit code to ${ADDRESS}`);
      expect(bodiesSentTo(SEND)).toEqual([{ email: ADDRESS }]);
      // The request is still running: Resend is busy.
      expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();

      sent.resolve(jsonResponse({ message: 'Verification code sent' }));
      expect(await screen.findByText('Verification code sent')).toBeInTheDocument();
      expect(screen.getByText('Check your email for the 6-digit code')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resend Code' })).toBeEnabled();
    });

    it("toasts 'Failed to send code' with the server's error text", async () => {
      mockFetch({
        [SEND]: () =>
          jsonResponse(
            {
              statusCode: 429,
              error: 'Too many codes requested for this address. Try again in 9 minutes.',
              message: 'Too many codes requested for this address. Try again in 9 minutes.',
            },
            { status: 429 },
          ),
      });
      renderAuth();

      await submitEmail();

      expect(await screen.findByText('Failed to send code')).toBeInTheDocument();
      expect(
        screen.getByText('Too many codes requested for this address. Try again in 9 minutes.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Failed to send code').closest('[data-variant]')).toHaveAttribute(
        'data-variant',
        'destructive',
      );
      // The step does not wait for, nor go back on, the result.
      expect(codeInput()).toBeInTheDocument();
    });

    it.each([
      ['an error body without text', () => new Response('', { status: 502, statusText: 'Bad Gateway' })],
      [
        'a network failure',
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    ])("falls back to 'Failed to send verification code' on %s", async (_, handler) => {
      mockFetch({ [SEND]: handler });
      renderAuth();

      await submitEmail();

      expect(await screen.findByText('Failed to send code')).toBeInTheDocument();
      expect(screen.getByText('Failed to send verification code')).toBeInTheDocument();
    });

    it('Resend Code sends the code again to the same address, with the same toasts', async () => {
      let calls = 0;
      const { bodiesSentTo } = mockFetch({
        [SEND]: () => {
          calls += 1;
          return calls === 1
            ? jsonResponse({ message: 'Verification code sent' })
            : jsonResponse(
                { statusCode: 503, error: 'Could not send the code right now. Please try again.' },
                { status: 503 },
              );
        },
      });
      renderAuth();
      await submitEmail();
      expect(await screen.findByText('Verification code sent')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }));

      expect(await screen.findByText('Failed to send code')).toBeInTheDocument();
      expect(screen.getByText('Could not send the code right now. Please try again.')).toBeInTheDocument();
      expect(bodiesSentTo(SEND)).toEqual([{ email: ADDRESS }, { email: ADDRESS }]);
    });

    it("shows 'Sending...' on Continue when going back while the code is still being sent", async () => {
      const sent = deferred<Response>();
      mockFetch({ [SEND]: () => sent.promise });
      renderAuth();
      await submitEmail();

      await userEvent.click(screen.getByRole('button', { name: 'Back to Email' }));

      expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveValue(ADDRESS);
      expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      sent.resolve(jsonResponse({ message: 'Verification code sent' }));
      expect(await screen.findByRole('button', { name: 'Continue' })).toBeEnabled();
    });
  });

  describe('code step', () => {
    const toCodeStep = async () => {
      renderAuth();
      await submitEmail();
      await screen.findByText('Verification code sent');
    };

    it('caps the code at 6 characters and enables Verify only with exactly 6', async () => {
      mockFetch({ [SEND]: () => jsonResponse({ message: 'Verification code sent' }) });
      await toCodeStep();
      const input = codeInput();

      expect(input).toHaveAttribute('maxLength', '6');
      expect(input).toHaveAttribute('inputMode', 'numeric');
      expect(input).toHaveAttribute('autoComplete', 'one-time-code');
      expect(verifyButton()).toBeDisabled();

      await userEvent.type(input, '12345');
      expect(verifyButton()).toBeDisabled();

      await userEvent.type(input, '6');
      expect(input).toHaveValue('123456');
      expect(verifyButton()).toBeEnabled();

      await userEvent.type(input, '789');
      expect(input).toHaveValue('123456');

      await userEvent.type(input, '{Backspace}');
      expect(verifyButton()).toBeDisabled();
    });

    it('Back to Email returns to the email step and clears the code', async () => {
      mockFetch({ [SEND]: () => jsonResponse({ message: 'Verification code sent' }) });
      await toCodeStep();
      await userEvent.type(codeInput(), '123456');

      await userEvent.click(screen.getByRole('button', { name: 'Back to Email' }));

      expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveValue(ADDRESS);
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(codeInput()).toHaveValue('');
      expect(verifyButton()).toBeDisabled();
    });

    it('verifies, stores the user, welcomes them and goes to /home', async () => {
      const verified = deferred<Response>();
      const user = makeUser({ firstName: null, lastName: null });
      const { bodiesSentTo } = mockFetch({
        [SEND]: () => jsonResponse({ message: 'Verification code sent' }),
        [VERIFY]: () => verified.promise,
      });
      const { router, queryClient } = renderWithProviders(<></>, { route: '/auth', routes });
      await submitEmail();
      await screen.findByText('Verification code sent');

      await userEvent.type(codeInput(), '654321');
      await userEvent.click(verifyButton());

      expect(verifyButton()).toHaveTextContent('Verifying...');
      expect(verifyButton()).toBeDisabled();
      expect(bodiesSentTo(VERIFY)).toEqual([{ email: ADDRESS, code: '654321' }]);

      verified.resolve(jsonResponse(user));

      expect(await screen.findByText('Welcome to the product')).toBeInTheDocument();
      expect(screen.getByText('You have successfully logged in')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      expect(queryClient.getQueryData(getUserQueryOptions().queryKey)).toEqual(user);
      // The navigation bar now shows the signed-in user.
      expect(await screen.findByRole('button', { name: /account menu/i })).toBeInTheDocument();
    });

    it("toasts 'Verification failed' with the server's error text and stays on the code step", async () => {
      mockFetch({
        [SEND]: () => jsonResponse({ message: 'Verification code sent' }),
        [VERIFY]: () =>
          jsonResponse(
            {
              statusCode: 400,
              error: 'Incorrect code. 4 attempts left.',
              message: 'Incorrect code. 4 attempts left.',
            },
            { status: 400 },
          ),
      });
      const { router } = renderAuth();
      await submitEmail();
      await screen.findByText('Verification code sent');

      await userEvent.type(codeInput(), '000000');
      await userEvent.click(verifyButton());

      expect(await screen.findByText('Verification failed')).toBeInTheDocument();
      expect(screen.getByText('Incorrect code. 4 attempts left.')).toBeInTheDocument();
      expect(screen.getByText('Verification failed').closest('[data-variant]')).toHaveAttribute(
        'data-variant',
        'destructive',
      );
      expect(router.state.location.pathname).toBe('/auth');
      expect(codeInput()).toHaveValue('000000');
      expect(verifyButton()).toBeEnabled();
    });

    it("falls back to 'Failed to verify code' without a server error text", async () => {
      mockFetch({
        [SEND]: () => jsonResponse({ message: 'Verification code sent' }),
        [VERIFY]: () => {
          throw new TypeError('Failed to fetch');
        },
      });
      renderAuth();
      await submitEmail();
      await screen.findByText('Verification code sent');

      await userEvent.type(codeInput(), '123456');
      await userEvent.click(verifyButton());

      const title = await screen.findByText('Verification failed');
      expect(
        within(title.closest('[data-variant]') as HTMLElement).getByText('Failed to verify code'),
      ).toBeInTheDocument();
    });
  });
});
