import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CreativeUpload } from '@/lib/api/types';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { creativeUploadLabel } from '../utils/campaign-form';
import { CampaignFormDialog } from './campaign-form-dialog';
import { CreativeVideoUpload } from './creative-video-upload';

type Options = {
  endpoint: string;
  metadata: Record<string, string>;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
  onUploadUrlAvailable: () => void;
};

const tus = vi.hoisted(() => {
  const uploads: FakeUpload[] = [];
  class FakeUpload {
    url: string | null = null;
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn();
    findPreviousUploads = vi.fn(async () => []);
    constructor(
      readonly file: File,
      readonly options: Options,
    ) {
      uploads.push(this);
    }
  }
  return { FakeUpload, uploads };
});

vi.mock('tus-js-client', () => ({
  Upload: tus.FakeUpload,
  defaultOptions: { urlStorage: { findAllUploads: async () => [] } },
}));

// The transcode is asked about every second: a test waits for two or three polls.
vi.setConfig({ testTimeout: 20_000 });

const CREATE = 'POST /api/creative-uploads';
const POLL = 'GET /api/creative-uploads/7';
const VIDEOS = 'GET /api/ads/creative-videos';
const VIDEO_URL = '/media/ads/upload-7/master.m3u8';

const makeCreativeUpload = (overrides: Partial<CreativeUpload> = {}): CreativeUpload => ({
  id: 7,
  label: 'Spring spot',
  status: 'queued',
  progress: 0,
  failureReason: null,
  videoUrl: null,
  duration: null,
  ...overrides,
});

/** Answers each call with the next response, the last one again once they run out. */
const inTurn = (...responses: CreativeUpload[]) => {
  let call = 0;
  return () => jsonResponse(responses[Math.min(call++, responses.length - 1)]);
};

const videoFile = () => new File(['x'.repeat(1000)], 'Spring spot.mp4', { type: 'video/mp4' });

/** Picks the file, and the server receives it all as upload `up-9`. */
async function uploadVideo() {
  await userEvent.upload(screen.getByLabelText('Video file to upload'), videoFile());
  await waitFor(() => expect(tus.uploads.at(-1)?.start).toHaveBeenCalled());
  const upload = tus.uploads.at(-1)!;
  act(() => {
    upload.url = 'http://localhost:3000/api/uploads/up-9';
    upload.options.onUploadUrlAvailable();
    upload.options.onProgress(1000, 1000);
    upload.options.onSuccess();
  });
  return upload;
}

describe('CreativeVideoUpload', () => {
  beforeEach(() => {
    tus.uploads.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads through tus, makes the upload a creative video, follows its transcode and reports it ready', async () => {
    const { fetchMock, bodiesSentTo } = mockFetch({
      [CREATE]: () => jsonResponse(makeCreativeUpload(), { status: 202 }),
      [POLL]: inTurn(
        makeCreativeUpload({ status: 'processing', progress: 40 }),
        makeCreativeUpload({ status: 'ready', progress: 100, videoUrl: VIDEO_URL, duration: 14.7 }),
      ),
    });
    const onReady = vi.fn();
    renderWithProviders(<CreativeVideoUpload title="  " onReady={onReady} />);

    const button = screen.getByRole('button', { name: 'Upload a video' });
    expect(screen.getByLabelText('Video file to upload')).toHaveAttribute('accept', 'video/*');
    await userEvent.upload(screen.getByLabelText('Video file to upload'), videoFile());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    const upload = tus.uploads[0]!;
    expect(upload.options).toMatchObject({
      endpoint: '/api/uploads/',
      metadata: { filename: 'Spring spot.mp4', filetype: 'video/mp4' },
    });
    // While the bytes go up: the studio's progress, and no second file.
    await waitFor(() => expect(upload.start).toHaveBeenCalled());
    act(() => upload.options.onProgress(250, 1000));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(button).not.toBeInTheDocument();
    expect(bodiesSentTo(CREATE)).toStrictEqual([]);

    act(() => {
      upload.url = 'http://localhost:3000/api/uploads/up-9';
      upload.options.onUploadUrlAvailable();
      upload.options.onProgress(1000, 1000);
      upload.options.onSuccess();
    });

    // Queued (the POST's answer), then the percent a poll brings, then ready.
    expect(await screen.findByText('Processing video… 0%')).toBeInTheDocument();
    expect(bodiesSentTo(CREATE)).toStrictEqual([{ uploadId: 'up-9', label: 'Spring spot' }]);
    expect(
      await screen.findByText('Processing video… 40%', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing video' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(onReady).toHaveBeenCalledWith({ videoUrl: VIDEO_URL, duration: 14.7, label: 'Spring spot' });
    expect(screen.getByText("Spring spot is ready and chosen as the ad's video.")).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Processing video' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a video' })).toBeInTheDocument();

    // Ready: the polling stops and the upload is not sent twice.
    const polls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/creative-uploads/7').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/creative-uploads/7')).toHaveLength(
      polls,
    );
    expect(bodiesSentTo(CREATE)).toHaveLength(1);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of the file and lets another one be tried", async () => {
    const message = 'This video is too long: 3 min (the limit is 2 min)';
    const { bodiesSentTo } = mockFetch({
      [CREATE]: () =>
        jsonResponse({ statusCode: 422, error: 'Unprocessable Entity', message }, { status: 422 }),
    });
    const onReady = vi.fn();
    renderWithProviders(<CreativeVideoUpload title="Bubbles" onReady={onReady} />);
    await uploadVideo();

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(bodiesSentTo(CREATE)).toStrictEqual([{ uploadId: 'up-9', label: 'Bubbles' }]);
    expect(onReady).not.toHaveBeenCalled();

    await userEvent.upload(screen.getByLabelText('Video file to upload'), videoFile());
    expect(tus.uploads).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows why a transcode failed and lets another file be tried', async () => {
    mockFetch({
      [CREATE]: () => jsonResponse(makeCreativeUpload(), { status: 202 }),
      [POLL]: inTurn(
        makeCreativeUpload({ status: 'failed', failureReason: 'The video stream could not be decoded.' }),
      ),
    });
    const onReady = vi.fn();
    renderWithProviders(<CreativeVideoUpload title="" onReady={onReady} />);
    await uploadVideo();

    const alert = await screen.findByRole('alert', undefined, { timeout: 3000 });
    expect(alert).toHaveTextContent('This video could not be processed.');
    expect(alert).toHaveTextContent('The video stream could not be decoded.');
    expect(screen.queryByRole('progressbar', { name: 'Processing video' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a video' })).toBeInTheDocument();
    expect(onReady).not.toHaveBeenCalled();
  });

  it('in the New Campaign form, chooses the ready video with its length once the list shows it', async () => {
    const listed = { videoUrl: VIDEO_URL, duration: 15, label: 'Bubbles' };
    let videoLists = 0;
    const { bodiesSentTo } = mockFetch({
      'GET /api/ads/advertisers': () => jsonResponse([]),
      [VIDEOS]: () => {
        videoLists += 1;
        return jsonResponse(videoLists === 1 ? [] : [listed]);
      },
      [CREATE]: () => jsonResponse(makeCreativeUpload({ label: 'Bubbles' }), { status: 202 }),
      [POLL]: inTurn(
        makeCreativeUpload({
          label: 'Bubbles',
          status: 'ready',
          progress: 100,
          videoUrl: VIDEO_URL,
          duration: 14.733,
        }),
      ),
    });
    renderWithProviders(<CampaignFormDialog open onOpenChange={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'New Campaign' }));
    expect(await dialog.findByText('No ad videos are available.')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Ad title'), 'Bubbles');
    await uploadVideo();

    expect(
      await dialog.findByRole('option', { name: 'Bubbles (15 s)' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByLabelText('Video')).toHaveValue(VIDEO_URL));
    // The length the list gives, as choosing it in the list would fill it.
    expect(dialog.getByLabelText('Duration (seconds)')).toHaveValue('15');
    expect(bodiesSentTo(CREATE)).toStrictEqual([{ uploadId: 'up-9', label: 'Bubbles' }]);
    expect(videoLists).toBe(2);
  });
});

describe('creativeUploadLabel', () => {
  it("is the ad's title, else the file's name without its extension, cut to 100 characters", () => {
    expect(creativeUploadLabel('  Bubbles ', 'spot.mp4')).toBe('Bubbles');
    expect(creativeUploadLabel(' ', ' Spring spot.final.mov')).toBe('Spring spot.final');
    expect(creativeUploadLabel('', '.mp4')).toBe('Ad video');
    expect(creativeUploadLabel('x'.repeat(130), 'spot.mp4')).toBe('x'.repeat(100));
  });
});
