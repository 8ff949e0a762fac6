import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import { makeCreatorProfile } from '@/testing/fixtures';
import { deferred, mockFetch, unauthorizedResponse } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { fieldOfServerMessage } from '@/lib/server-errors';

import { CREATOR_PROFILE_SERVER_FIELDS, toCreateCreatorInput } from '../api/create-creator';
import { CreatorOnboarding } from './creator-onboarding';

const CREATE = 'POST /api/creators';

const renderWizard = () => renderWithProviders(<CreatorOnboarding />, { route: '/creatorlogin' });

const currentStep = () => screen.getByRole('listitem', { current: 'step' }).textContent;
const bio = () => screen.getByRole('textbox', { name: /Bio/ });

async function toProfileStep() {
  await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
}

async function toAgreementStep(text = 'I make generative thrillers.') {
  await toProfileStep();
  await userEvent.type(bio(), text);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

async function acceptBoth() {
  await userEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Creator Guidelines/ }));
}

describe('CreatorOnboarding', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('welcomes with four feature cards and links to the Terms and Guidelines', () => {
    mockFetch();
    renderWizard();

    expect(currentStep()).toContain('Welcome');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Creator Guidelines' })).toHaveAttribute(
      'href',
      '/creator-guidelines',
    );
  });

  it('keeps Continue disabled while the trimmed bio is blank, and counts up to 500 characters', async () => {
    mockFetch();
    renderWizard();
    await toProfileStep();

    expect(currentStep()).toContain('Profile');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(bio()).toHaveAttribute('maxlength', '500');
    expect(screen.getByTestId('bio-counter')).toHaveTextContent('0/500');

    await userEvent.type(bio(), '   ');
    expect(screen.getByTestId('bio-counter')).toHaveTextContent('3/500');
    expect(continueButton).toBeDisabled();

    await userEvent.type(bio(), 'Hi');
    expect(screen.getByTestId('bio-counter')).toHaveTextContent('5/500');
    expect(continueButton).toBeEnabled();

    await userEvent.clear(bio());
    expect(continueButton).toBeDisabled();
  });

  it('has optional website and twitter, instagram and youtube fields', async () => {
    mockFetch();
    renderWizard();
    await toProfileStep();

    for (const name of ['Website (optional)', 'Twitter', 'Instagram', 'YouTube']) {
      expect(screen.getByRole('textbox', { name })).not.toBeRequired();
    }
  });

  it('moves back and forward between the steps, keeping what was typed', async () => {
    mockFetch();
    renderWizard();
    await toAgreementStep('Fractal romances.');
    expect(currentStep()).toContain('Agreement');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentStep()).toContain('Profile');
    expect(bio()).toHaveValue('Fractal romances.');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentStep()).toContain('Welcome');
  });

  it("toasts 'Agreement Required' unless both agreements are accepted, and sends nothing", async () => {
    const { fetchMock } = mockFetch();
    renderWizard();
    await toAgreementStep();

    await userEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Agreement Required')).toBeInTheDocument();
    expect(
      screen.getByText('Please accept both the Terms of Service and Creator Guidelines.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(screen.getByText('Agreement Required')).toBeInTheDocument();

    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/creators')).toHaveLength(0);
    expect(currentStep()).toContain('Agreement');
  });

  it('creates the profile, toasts the welcome and shows the next steps with links', async () => {
    const created = deferred<Response>();
    const { bodiesSentTo } = mockFetch({ [CREATE]: () => created.promise });
    renderWizard();
    await toProfileStep();
    await userEvent.type(bio(), '  I make generative thrillers.  ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Website (optional)' }), 'https://me.example');
    await userEvent.type(screen.getByRole('textbox', { name: 'Twitter' }), '@me_films');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await acceptBoth();

    await userEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(screen.getByRole('button', { name: 'Creating Profile...' })).toBeDisabled();
    expect(bodiesSentTo(CREATE)).toEqual([
      {
        bio: 'I make generative thrillers.',
        website: 'https://me.example',
        socialLinks: { twitter: 'me_films' },
      },
    ]);

    created.resolve(jsonResponse(makeCreatorProfile({ id: 42 }), { status: 201 }));

    expect(await screen.findByText('Welcome to the product!')).toBeInTheDocument();
    expect(screen.getByText('Your creator profile has been created successfully.')).toBeInTheDocument();
    expect(currentStep()).toContain('Done');
    expect(screen.getByText('Upload your first film.')).toBeInTheDocument();
    expect(screen.getByText('Our team reviews it within 2-3 business days.')).toBeInTheDocument();
    expect(screen.getByText(/approved, your film becomes available/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Your First Film' })).toHaveAttribute('href', '/upload');
    expect(screen.getByRole('link', { name: 'Go to Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'View your creator page' })).toHaveAttribute(
      'href',
      '/creator/42',
    );
  });

  it('shows the server reason when a profile already exists (409)', async () => {
    mockFetch({
      [CREATE]: () =>
        jsonResponse(
          { statusCode: 409, error: 'Conflict', message: 'You already have a creator profile' },
          { status: 409 },
        ),
    });
    renderWizard();
    await toAgreementStep();
    await acceptBoth();

    await userEvent.click(screen.getByRole('button', { name: 'Create Profile' }));

    const title = await screen.findByText('Failed to create creator profile. Please try again.');
    expect(
      within(title.closest('[data-variant]') as HTMLElement).getByText('You already have a creator profile'),
    ).toBeInTheDocument();
    expect(currentStep()).toContain('Agreement');
  });

  it('goes back to the profile step with the field message on a 400', async () => {
    mockFetch({
      [CREATE]: () =>
        jsonResponse(
          { statusCode: 400, error: 'Bad Request', message: 'website must be an http(s) URL' },
          { status: 400 },
        ),
    });
    renderWizard();
    await toProfileStep();
    await userEvent.type(bio(), 'Bio');
    await userEvent.type(screen.getByRole('textbox', { name: 'Website (optional)' }), 'me.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await acceptBoth();

    await userEvent.click(screen.getByRole('button', { name: 'Create Profile' }));

    expect(
      await screen.findByText('Failed to create creator profile. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentStep()).toContain('Profile'));
    const website = screen.getByRole('textbox', { name: 'Website (optional)' });
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription('website must be an http(s) URL');
  });

  it('shows the generic failure toast on other errors', async () => {
    mockFetch({ [CREATE]: () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    renderWizard();
    await toAgreementStep();
    await acceptBoth();

    await userEvent.click(screen.getByRole('button', { name: 'Create Profile' }));

    const title = await screen.findByText('Failed to create creator profile. Please try again.');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
  });

  it('hands a 401 to the unauthorized handler: toast, then the login page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({ [CREATE]: unauthorizedResponse });
    renderWizard();
    await toAgreementStep();
    await acceptBoth();

    await userEvent.click(screen.getByRole('button', { name: 'Create Profile' }));

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.queryByText('Failed to create creator profile. Please try again.')).not.toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });

  it('builds the payload: trimmed, handles without @, empty fields left out', () => {
    expect(
      toCreateCreatorInput({ bio: ' Bio ', website: ' ', twitter: '', instagram: '@ig', youtube: ' yt ' }),
    ).toEqual({
      bio: 'Bio',
      website: undefined,
      socialLinks: { twitter: undefined, instagram: 'ig', youtube: 'yt' },
    });
    expect(
      toCreateCreatorInput({ bio: 'Bio', website: '', twitter: '', instagram: '', youtube: '' }),
    ).toEqual({
      bio: 'Bio',
      website: undefined,
      socialLinks: undefined,
    });
    expect(
      fieldOfServerMessage('socialLinks.twitter must be a handle like @name', CREATOR_PROFILE_SERVER_FIELDS),
    ).toBe('twitter');
    expect(fieldOfServerMessage('bio must be at most 500 characters', CREATOR_PROFILE_SERVER_FIELDS)).toBe(
      'bio',
    );
    expect(fieldOfServerMessage('Something else', CREATOR_PROFILE_SERVER_FIELDS)).toBeNull();
  });
});
