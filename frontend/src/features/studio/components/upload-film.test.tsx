import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { makeStudioFilm } from '@/testing/studio-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { UploadFilm } from './upload-film';

type Options = {
  endpoint: string;
  chunkSize: number;
  retryDelays: number[];
  metadata: Record<string, string>;
  removeFingerprintOnSuccess: boolean;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
  onUploadUrlAvailable: () => void;
};

const tus = vi.hoisted(() => {
  const uploads: FakeUpload[] = [];
  let previous: unknown[] = [];
  let stored: unknown[] = [];
  class FakeUpload {
    url: string | null = null;
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn((entry: { uploadUrl: string }) => {
      this.url = entry.uploadUrl;
    });
    findPreviousUploads = vi.fn(async () => previous);
    constructor(
      readonly file: File,
      readonly options: Options,
    ) {
      uploads.push(this);
    }
  }
  return {
    FakeUpload,
    uploads,
    setPrevious: (entries: unknown[]) => {
      previous = entries;
    },
    setStored: (entries: unknown[]) => {
      stored = entries;
    },
    stored: () => stored,
  };
});

vi.mock('tus-js-client', () => ({
  Upload: tus.FakeUpload,
  defaultOptions: { urlStorage: { findAllUploads: async () => tus.stored() } },
}));

// Typing into the form and waiting for a 2 s poll take a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const CREATE = 'POST /api/studio/films';
const video = () => new File(['x'.repeat(1000)], 'glass_orchard.mp4', { type: 'video/mp4' });

/** The upload the screen started, once it called start(). */
async function startedUpload() {
  await waitFor(() => expect(tus.uploads.at(-1)?.start).toHaveBeenCalled());
  return tus.uploads.at(-1)!;
}

async function pickVideo() {
  await userEvent.upload(screen.getByLabelText('Choose a video file'), video());
  return startedUpload();
}

/** The server created the upload and received every byte. */
function finish(upload: InstanceType<typeof tus.FakeUpload>) {
  act(() => {
    upload.url = 'http://localhost:3000/api/uploads/abc123';
    upload.options.onUploadUrlAvailable();
    upload.options.onProgress(1000, 1000);
    upload.options.onSuccess();
  });
}

async function fillDetails() {
  await userEvent.selectOptions(screen.getByLabelText('Genre'), 'Drama');
  await userEvent.selectOptions(screen.getByLabelText('Language'), 'French');
  await userEvent.type(screen.getByLabelText('Description'), 'Apples of glass.');
}

const submitButton = () => screen.getByRole('button', { name: 'Submit for review' });

describe('UploadFilm', () => {
  beforeEach(() => {
    tus.uploads.length = 0;
    tus.setPrevious([]);
    tus.setStored([]);
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts a resumable tus upload as soon as a file is picked and shows its progress', async () => {
    mockFetch();
    renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });
    const upload = await pickVideo();

    expect(upload.options).toMatchObject({
      endpoint: '/api/uploads/',
      metadata: { filename: 'glass_orchard.mp4', filetype: 'video/mp4' },
      removeFingerprintOnSuccess: true,
    });
    expect(upload.options.chunkSize).toBeGreaterThan(0);
    expect(upload.options.retryDelays.length).toBeGreaterThan(0);
    expect(upload.resumeFromPreviousUpload).not.toHaveBeenCalled();

    act(() => upload.options.onProgress(250, 1000));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByTestId('upload-figures')).toHaveTextContent('250 B of 1000 B');
    // The title starts from the file's name.
    expect(screen.getByLabelText('Title')).toHaveValue('glass orchard');

    // Leaving the page while uploading asks first.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(upload.abort).toHaveBeenCalledWith();
    const leavingPaused = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leavingPaused);
    expect(leavingPaused.defaultPrevented).toBe(false);
    expect(screen.getByTestId('upload-figures')).toHaveTextContent('Paused');
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(upload.start).toHaveBeenCalledTimes(2);
  });

  it('continues an earlier upload of the same file instead of starting over', async () => {
    tus.setPrevious([{ uploadUrl: '/api/uploads/earlier', size: 1000, metadata: {}, creationTime: 'x' }]);
    mockFetch();
    renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });
    const upload = await pickVideo();

    expect(upload.resumeFromPreviousUpload).toHaveBeenCalledWith(
      expect.objectContaining({ uploadUrl: '/api/uploads/earlier' }),
    );
    expect(screen.getByText('Continuing an earlier upload')).toBeInTheDocument();
  });

  it('enables Submit only once the upload finished and the form is valid, then shows the transcoding', async () => {
    const { bodiesSentTo } = mockFetch({
      [CREATE]: () =>
        jsonResponse(
          makeStudioFilm({ id: 7, media: { status: 'queued', progress: 0, failureReason: null } }),
          { status: 201 },
        ),
      'GET /api/studio/films/7': () =>
        jsonResponse(
          makeStudioFilm({ id: 7, media: { status: 'processing', progress: 40, failureReason: null } }),
        ),
      'GET /api/studio/films': () => jsonResponse([]),
    });
    const { router } = renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });
    const upload = await pickVideo();

    await fillDetails();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByTestId('submit-hint')).toHaveTextContent('once the upload has finished');

    finish(upload);
    expect(submitButton()).toBeEnabled();
    await userEvent.click(screen.getByLabelText("Real people's likeness or voices appear in this film"));
    expect(submitButton()).toBeDisabled();
    await userEvent.click(
      screen.getByLabelText('I have the consent of every person whose likeness or voice appears'),
    );
    await userEvent.type(screen.getByLabelText('Tools used'), 'Runway{Enter}Suno{Enter}');
    await userEvent.click(screen.getByLabelText('Visuals'));
    await userEvent.click(screen.getByLabelText('Voice'));
    await userEvent.click(submitButton());

    // Queued at first (the POST's answer), then the percent the next poll brings.
    expect(await screen.findByText('Waiting for the transcoder…')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Transcoding progress' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      ),
    );
    expect(router.state.location.search).toBe('?film=7');
    expect(bodiesSentTo(CREATE)).toStrictEqual([
      {
        uploadId: 'abc123',
        title: 'glass orchard',
        description: 'Apples of glass.',
        genre: 'Drama',
        language: 'French',
        releaseYear: new Date().getFullYear(),
        aiDisclosure: {
          tools: ['Runway', 'Suno'],
          parts: ['visuals', 'voice'],
          realLikeness: true,
          likenessConsent: true,
        },
      },
    ]);
  });

  it.each([
    [409, 'You already have a film titled “glass orchard”.'],
    [422, 'This file is not a video we can read: no video stream'],
  ])("shows the server's %i message in plain words", async (status, message) => {
    mockFetch({ [CREATE]: () => jsonResponse({ statusCode: status, message }, { status }) });
    renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });
    finish(await pickVideo());
    await fillDetails();
    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(submitButton()).toBeEnabled();
  });

  it('shows a too-large upload in plain words', async () => {
    mockFetch();
    renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });
    const upload = await pickVideo();
    const error = Object.assign(new Error('tus: unexpected response'), {
      originalResponse: { getStatus: () => 413, getBody: () => 'Maximum size exceeded' },
    });
    act(() => upload.options.onError(error));
    expect(screen.getByRole('alert')).toHaveTextContent('This file is too large to upload.');
  });

  it('reads WebVTT caption files as text and sends them with their language and label', async () => {
    const { bodiesSentTo } = mockFetch({
      [CREATE]: () => jsonResponse(makeStudioFilm(), { status: 201 }),
      'GET /api/studio/films/7': () => jsonResponse(makeStudioFilm()),
      'GET /api/studio/films': () => jsonResponse([]),
    });
    renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });
    finish(await pickVideo());
    await fillDetails();

    await userEvent.upload(screen.getByLabelText('Add caption files'), [
      new File(['WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour'], 'glass.fr.vtt', { type: 'text/vtt' }),
      new File(['1\n00:00:00,000 --> 00:00:01,000\nHi'], 'glass.en.vtt', { type: 'text/vtt' }),
    ]);
    expect(await screen.findByText(/glass\.en\.vtt is not a WebVTT file/)).toBeInTheDocument();
    expect(screen.getByLabelText('Language of glass.fr.vtt')).toHaveValue('fr');
    expect(screen.getByLabelText('Label of glass.fr.vtt')).toHaveValue('Français');
    await userEvent.clear(screen.getByLabelText('Label of glass.fr.vtt'));
    await userEvent.type(screen.getByLabelText('Label of glass.fr.vtt'), 'French subtitles');
    await userEvent.click(submitButton());

    await waitFor(() => expect(bodiesSentTo(CREATE)).toHaveLength(1));
    expect(bodiesSentTo(CREATE)[0]).toMatchObject({
      captions: [
        { language: 'fr', label: 'French subtitles', vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour' },
      ],
    });
  });

  it('keeps the typed details across a reload, with the upload resumed', async () => {
    mockFetch();
    const first = renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });
    await pickVideo();
    await fillDetails();
    first.unmount();

    tus.setPrevious([{ uploadUrl: '/api/uploads/abc123', size: 1000, metadata: {}, creationTime: 'x' }]);
    renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });
    await pickVideo();

    expect(screen.getByLabelText('Genre')).toHaveValue('Drama');
    expect(screen.getByLabelText('Language')).toHaveValue('French');
    expect(screen.getByLabelText('Description')).toHaveValue('Apples of glass.');
    expect(screen.getByText('Continuing an earlier upload')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(window.localStorage.getItem('kinora.studio.upload-draft')).toBeNull();
  });

  it("lists this browser's unfinished uploads that the server still keeps", async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();
    tus.setStored([
      {
        uploadUrl: '/api/uploads/a',
        size: 3 * 1024 ** 3,
        metadata: { filename: 'recent.mov' },
        creationTime: hoursAgo(2),
      },
      {
        uploadUrl: '/api/uploads/b',
        size: 1000,
        metadata: { filename: 'expired.mov' },
        creationTime: hoursAgo(30),
      },
    ]);
    mockFetch();
    renderWithProviders(<UploadFilm />, { route: '/uploadfilm' });

    expect(await screen.findByText('You have an unfinished upload')).toBeInTheDocument();
    expect(screen.getByText('recent.mov (3.0 GB)')).toBeInTheDocument();
    expect(screen.queryByText(/expired\.mov/)).not.toBeInTheDocument();
  });
});
