import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeCreatorAnalytics } from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { makeStudioFilm } from '@/testing/studio-fixtures';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

vi.setConfig({ testTimeout: 20_000 });

const creator = () => jsonResponse({ user: makeUser({ roles: ['creator'] }) });

const films = [
  makeStudioFilm({
    id: 1,
    title: 'Rendering',
    status: 'pending',
    media: { status: 'processing', progress: 42, failureReason: null },
  }),
  makeStudioFilm({
    id: 2,
    title: 'Broken Reel',
    status: 'pending',
    media: { status: 'failed', progress: 10, failureReason: 'No video stream in the file.' },
  }),
  makeStudioFilm({ id: 3, title: 'In Line', status: 'pending' }),
  makeStudioFilm({ id: 4, title: 'Live One', status: 'published', publishedAt: '2026-01-02T00:00:00.000Z' }),
  makeStudioFilm({
    id: 5,
    title: 'Turned Down',
    status: 'archived',
    moderationReason: 'Undisclosed real likeness.',
  }),
];

const row = (title: string) => screen.getByRole('listitem', { name: title });

const ANALYTICS = 'GET /api/analytics/creator/4?days=30';
const figures = () => jsonResponse(makeCreatorAnalytics());
const withFigures = {
  'GET /api/auth/session': creator,
  'GET /api/studio/films': () => jsonResponse(films),
  [ANALYTICS]: figures,
};

describe('/creator-dashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells a signed-out visitor to log in', async () => {
    mockFetch();
    renderWithProviders(<></>, { route: '/creator-dashboard', routes });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to access your creator dashboard.')).toBeInTheDocument();
  });

  it('sends a member without a creator profile to the onboarding', async () => {
    mockFetch({ 'GET /api/auth/session': () => jsonResponse({ user: makeUser() }) });
    renderWithProviders(<></>, { route: '/creator-dashboard', routes });

    expect(await screen.findByRole('link', { name: 'Become a creator' })).toHaveAttribute(
      'href',
      '/creatorlogin',
    );
  });

  it('has the five tabs, Upload New Film, and film counts by status on the Overview', async () => {
    mockFetch(withFigures);
    renderWithProviders(<></>, { route: '/creator-dashboard', routes });

    expect(await screen.findByRole('link', { name: 'Upload New Film' })).toHaveAttribute(
      'href',
      '/uploadfilm',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toStrictEqual([
      'Overview',
      'Analytics',
      'Films',
      'Audience',
      'Revenue',
    ]);
    await waitFor(() => expect(screen.getByLabelText('Total films')).toHaveTextContent('5'));
    expect(screen.getByLabelText('Published films')).toHaveTextContent('1');
    expect(screen.getByLabelText('Processing films')).toHaveTextContent('1');
    expect(screen.getByLabelText('Failed films')).toHaveTextContent('1');
  });

  it('lists every film with its status and only offers Delete when it is not published', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/auth/session': creator,
      'GET /api/studio/films': () => jsonResponse(films),
      [ANALYTICS]: () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=films', routes });

    await screen.findByRole('list', { name: 'Your films' });
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/analytics/creator/4?days=30', expect.anything()),
    );
    expect(within(row('Rendering')).getByTestId('film-status')).toHaveTextContent('Processing 42%');
    expect(within(row('Broken Reel')).getByTestId('film-status')).toHaveTextContent('Failed');
    expect(within(row('Broken Reel')).getByText('Reason: No video stream in the file.')).toBeInTheDocument();
    expect(within(row('In Line')).getByTestId('film-status')).toHaveTextContent('Pending review');
    expect(within(row('Live One')).getByTestId('film-status')).toHaveTextContent('Published');
    expect(within(row('Turned Down')).getByTestId('film-status')).toHaveTextContent('Archived');
    expect(
      within(row('Turned Down')).getByText("Reviewer's reason: Undisclosed real likeness."),
    ).toBeInTheDocument();
    expect(within(row('In Line')).getByText(/Thriller · 12 min/)).toBeInTheDocument();
    // Without analytics, views are the catalog's count, shown once a film is published.
    expect(within(row('Live One')).getByText(/· 0 views/)).toBeInTheDocument();
    expect(within(row('In Line')).queryByText(/views/)).not.toBeInTheDocument();

    expect(within(row('Live One')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    for (const title of ['Rendering', 'Broken Reel', 'In Line', 'Turned Down'])
      expect(within(row(title)).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('deletes a film after confirmation', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/auth/session': creator,
      'GET /api/studio/films': () => jsonResponse(films),
      [ANALYTICS]: figures,
      'DELETE /api/studio/films/3': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=films', routes });
    await screen.findByRole('list', { name: 'Your films' });

    await userEvent.click(within(row('In Line')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “In Line”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete film' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'In Line' })).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === '/api/studio/films/3'),
    ).toBe(true);
    expect(await screen.findByText('Film deleted')).toBeInTheDocument();
  });

  it("edits a film's details and shows the server's refusal in the dialog", async () => {
    const { bodiesSentTo } = mockFetch({
      'GET /api/auth/session': creator,
      'GET /api/studio/films': () => jsonResponse(films),
      [ANALYTICS]: figures,
      'PATCH /api/studio/films/3': () =>
        jsonResponse(
          { statusCode: 409, message: 'You already have a film titled “Live One”.' },
          { status: 409 },
        ),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=films', routes });
    await screen.findByRole('list', { name: 'Your films' });

    await userEvent.click(within(row('In Line')).getByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “In Line”' });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Live One');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You already have a film titled “Live One”.',
    );
    expect(bodiesSentTo('PATCH /api/studio/films/3')[0]).toMatchObject({
      title: 'Live One',
      genre: 'Thriller',
      language: 'Spanish',
      aiDisclosure: { tools: ['Runway'], parts: ['visuals'], realLikeness: false, likenessConsent: false },
    });
  });

  it('replaces the captions with the WebVTT files added in the dialog', async () => {
    const withCaptions = makeStudioFilm({
      id: 3,
      title: 'In Line',
      captions: [{ language: 'en', label: 'English' }],
    });
    const { bodiesSentTo } = mockFetch({
      'GET /api/auth/session': creator,
      'GET /api/studio/films': () => jsonResponse([withCaptions]),
      [ANALYTICS]: figures,
      'PUT /api/studio/films/3/captions': () =>
        jsonResponse({ ...withCaptions, captions: [{ language: 'de', label: 'Deutsch' }] }),
    });
    renderWithProviders(<></>, { route: '/creator-dashboard?tab=films', routes });
    await screen.findByRole('list', { name: 'Your films' });

    await userEvent.click(within(row('In Line')).getByRole('button', { name: 'Captions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Captions of “In Line”' });
    expect(within(dialog).getByRole('list', { name: 'Current captions' })).toHaveTextContent('English (en)');
    await userEvent.upload(within(dialog).getByLabelText('Add caption files'), [
      new File(['WEBVTT\n\n00:00.000 --> 00:01.000\nHallo'], 'in-line.de.vtt', { type: 'text/vtt' }),
    ]);
    expect(await within(dialog).findByLabelText('Language of in-line.de.vtt')).toHaveValue('de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace captions' }));

    expect(await screen.findByText('Captions updated')).toBeInTheDocument();
    expect(bodiesSentTo('PUT /api/studio/films/3/captions')).toStrictEqual([
      { captions: [{ language: 'de', label: 'Deutsch', vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHallo' }] },
    ]);
    expect(within(row('In Line')).getByText(/captions: Deutsch/)).toBeInTheDocument();
  });
});
