import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubMediaElement } from '@/testing/media';
import { mockFetch } from '@/testing/mock-fetch';
import {
  START_VIEWING_SESSION as START,
  VIEWING_SESSION_ID,
  unmountThenUnstubGlobals,
  viewingSessionHandlers,
} from '@/testing/viewing-session';

import { useViewingSession } from './use-viewing-session';

function Harness({ adPlaying = false, enabled = true }: { adPlaying?: boolean; enabled?: boolean }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useViewingSession(videoRef, { filmId: 3, enabled, adPlaying, bitrateKbps: () => 2850.4 });
  return <video ref={videoRef} data-testid="video" />;
}

describe('useViewingSession', () => {
  let media: ReturnType<typeof stubMediaElement>;

  beforeEach(() => {
    media = stubMediaElement();
    vi.useFakeTimers();
  });

  afterEach(async () => {
    vi.useRealTimers();
    await unmountThenUnstubGlobals();
  });

  const mockSessionApi = (start?: () => Response) => {
    const handlers = viewingSessionHandlers();
    return mockFetch({ ...handlers, ...(start ? { [START]: start } : {}) });
  };

  const renderHarness = (props: { adPlaying?: boolean; enabled?: boolean } = {}) => {
    const view = render(<Harness {...props} />);
    const video = view.getByTestId('video') as HTMLVideoElement;
    return { ...view, video };
  };

  /** Plays from `from` to `to`, reporting the time every quarter second as browsers do. */
  const playThrough = (video: HTMLVideoElement, from: number, to: number) => {
    for (let time = from; time <= to + 1e-9; time += 0.25) media.setTime(video, time);
  };

  const updates = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
    fetchMock.mock.calls
      .filter(
        ([url, init]) =>
          init?.method === 'PATCH' && url === `/api/analytics/viewing-session/${VIEWING_SESSION_ID}`,
      )
      .map(([, init]) => ({
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        keepalive: init?.keepalive ?? false,
      }));

  it('sends nothing for a player that never plays', async () => {
    const { fetchMock } = mockSessionApi();
    const { unmount } = renderHarness();
    await vi.advanceTimersByTimeAsync(60_000);
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not count ad time, and starts the session only when the film itself plays', async () => {
    const { fetchMock, bodiesSentTo } = mockSessionApi();
    const { video, rerender, unmount } = renderHarness({ adPlaying: true });
    await act(() => video.play());
    playThrough(video, 0, 15);
    expect(fetchMock).not.toHaveBeenCalled();

    // The ad ends; the film starts from its beginning.
    rerender(<Harness adPlaying={false} />);
    media.setTime(video, 0);
    video.dispatchEvent(new Event('playing'));
    playThrough(video, 0, 10);
    rerender(<Harness adPlaying />);
    media.setTime(video, 0);
    playThrough(video, 0, 5);
    rerender(<Harness adPlaying={false} />);
    media.setTime(video, 10);
    video.dispatchEvent(new Event('playing'));
    playThrough(video, 10, 12);
    await vi.advanceTimersByTimeAsync(30_000);

    expect(bodiesSentTo(START)).toHaveLength(1);
    const [progress] = updates(fetchMock);
    expect(progress?.body).toMatchObject({
      totalWatchTime: 12,
      endPosition: 12,
      pauseCount: 0,
      watchedRanges: [{ start: 0, end: 12 }],
      bitrateKbps: 2850,
    });
    unmount();
  });

  it('splits the watched ranges at a seek and counts pauses, sending nothing while paused', async () => {
    const { fetchMock } = mockSessionApi();
    const { video, unmount } = renderHarness();
    await act(() => video.play());
    playThrough(video, 0, 20);
    video.dispatchEvent(new Event('seeking'));
    media.setTime(video, 300);
    playThrough(video, 300, 305);
    act(() => video.pause());
    await vi.advanceTimersByTimeAsync(30_000);
    // Still paused a minute later: the unchanged session is not sent again.
    await vi.advanceTimersByTimeAsync(60_000);

    const sent = updates(fetchMock);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      endPosition: 305,
      totalWatchTime: 25,
      pauseCount: 1,
      seekCount: 1,
      watchedRanges: [
        { start: 0, end: 20 },
        { start: 300, end: 305 },
      ],
    });
    unmount();
  });

  it('ends the session once on pagehide, with keepalive', async () => {
    const { fetchMock } = mockSessionApi();
    const { video, unmount } = renderHarness();
    await act(() => video.play());
    playThrough(video, 0, 8);
    await vi.advanceTimersByTimeAsync(0);

    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    unmount();
    await vi.advanceTimersByTimeAsync(60_000);

    const sent = updates(fetchMock);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      keepalive: true,
      body: { totalWatchTime: 8, endPosition: 8, sessionEndTime: expect.any(String) },
    });
  });

  it('stays silent when the session cannot be opened, and playback goes on', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { fetchMock } = mockSessionApi(
      () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    );
    const { video, unmount } = renderHarness();
    await act(() => video.play());
    playThrough(video, 0, 40);
    await vi.advanceTimersByTimeAsync(30_000);
    unmount();
    await vi.advanceTimersByTimeAsync(0);

    expect(video.paused).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith('[player] viewing session not opened', expect.anything());
  });
});
