import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { makeStudioFilm } from '@/testing/studio-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { TranscodeStatus } from './transcode-status';

vi.setConfig({ testTimeout: 20_000 });

const GET = 'GET /api/studio/films/7';

describe('TranscodeStatus', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks every 2 s while transcoding, then says the film waits for review', async () => {
    const answers = [
      makeStudioFilm({ media: { status: 'processing', progress: 63, failureReason: null } }),
      makeStudioFilm({ media: { status: 'ready', progress: 100, failureReason: null } }),
    ];
    const { fetchMock } = mockFetch({ [GET]: () => jsonResponse(answers.shift() ?? makeStudioFilm()) });
    renderWithProviders(<TranscodeStatus filmId={7} onUploadAnother={vi.fn()} />);

    expect(await screen.findByRole('progressbar', { name: 'Transcoding progress' })).toHaveAttribute(
      'aria-valuenow',
      '63',
    );
    expect(
      await screen.findByText('Waiting for review — the team reviews within 2-3 business days.', undefined, {
        timeout: 6000,
      }),
    ).toBeInTheDocument();
    const polls = fetchMock.mock.calls.filter(([url]) => url === '/api/studio/films/7').length;
    expect(polls).toBe(2);
    // Ready: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/studio/films/7')).toHaveLength(polls);
  });

  it('shows why the video could not be processed', async () => {
    mockFetch({
      [GET]: () =>
        jsonResponse(
          makeStudioFilm({
            media: { status: 'failed', progress: 12, failureReason: 'The file has no video stream.' },
          }),
        ),
    });
    renderWithProviders(<TranscodeStatus filmId={7} onUploadAnother={vi.fn()} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not process this video.The file has no video stream.',
    );
  });
});
