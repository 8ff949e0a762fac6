import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { hls } from '@/testing/fake-hls';
import { makeFilm } from '@/testing/fixtures';
import { noAdBreaksHandlers, settlePlayer } from '@/testing/ads';
import { stubMediaElement } from '@/testing/media';
import { mockFetch } from '@/testing/mock-fetch';
import { withQueryClient } from '@/testing/test-utils';
import {
  START_VIEWING_SESSION,
  VIEWING_SESSION_ID,
  VIEWING_SESSION_TOKEN,
  unmountThenUnstubGlobals,
  viewingSessionHandlers,
} from '@/testing/viewing-session';

import { FilmPlayer } from './film-player';

vi.mock('hls.js/light', async () => ({ default: (await import('@/testing/fake-hls')).FakeHls }));

const film = makeFilm({ title: 'Nebula Dreams', videoUrl: '/media/films/1/master.m3u8' });

const renderPlayer = (overrides: Partial<typeof film> = {}, startPosition?: number) => {
  const onClose = vi.fn();
  const view = render(
    <FilmPlayer film={{ ...film, ...overrides }} onClose={onClose} startPosition={startPosition} />,
    { wrapper: withQueryClient() },
  );
  return { ...view, onClose };
};

const video = () => screen.getByTestId('film-video') as HTMLVideoElement;
const press = (key: string, target: Element | Document = document.activeElement ?? document.body) =>
  act(() => {
    fireEvent.keyDown(target, { key });
  });
/** Lets the lazily imported hls.js module and the (empty) ad placements arrive. */
const flushImport = () => settlePlayer();

describe('FilmPlayer: resume and viewing sessions', () => {
  let media: ReturnType<typeof stubMediaElement>;

  let sessionApi: ReturnType<typeof mockFetch>;

  beforeEach(() => {
    hls.instances.length = 0;
    media = stubMediaElement();
    sessionApi = mockFetch({ ...viewingSessionHandlers(), ...noAdBreaksHandlers(film.id) });
  });

  afterEach(async () => {
    vi.useRealTimers();
    await unmountThenUnstubGlobals();
  });

  it('starts at the resume position when given one, else where hls.js chooses', async () => {
    renderPlayer({}, 95);
    await flushImport();
    expect(hls.instances[0]!.config).toMatchObject({ startPosition: 95 });
    cleanup();

    renderPlayer();
    await flushImport();
    expect(hls.instances[1]!.config).toMatchObject({ startPosition: -1 });
  });

  it('reports the viewing session: one POST when playing starts, a PATCH with the token every 30 s, a keepalive PATCH on close', async () => {
    vi.useFakeTimers();
    const { fetchMock, bodiesSentTo } = sessionApi;
    const { unmount } = renderPlayer();
    await flushImport();

    expect(bodiesSentTo(START_VIEWING_SESSION)).toStrictEqual([
      {
        sessionId: VIEWING_SESSION_ID,
        filmId: film.id,
        deviceType: 'desktop',
        sessionStartTime: new Date().toISOString(),
        startPosition: 0,
        referrer: null,
      },
    ]);
    act(() => {
      for (let time = 0.25; time <= 30; time += 0.25) media.setTime(video(), time);
    });
    // Pausing and playing again goes on with the same session.
    press(' ');
    press(' ');
    await act(() => vi.advanceTimersByTimeAsync(30_000));

    const patches = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) =>
          init?.method === 'PATCH' && url === `/api/analytics/viewing-session/${VIEWING_SESSION_ID}`,
      );
    expect(patches()).toHaveLength(1);
    const [, progress] = patches()[0]!;
    expect(progress?.headers).toMatchObject({ 'x-viewing-session-token': VIEWING_SESSION_TOKEN });
    expect(progress?.keepalive).toBeUndefined();
    expect(JSON.parse(String(progress?.body))).toStrictEqual({
      endPosition: 30,
      totalWatchTime: 30,
      pauseCount: 1,
      seekCount: 0,
      updatedAt: new Date().toISOString(),
      watchedRanges: [{ start: 0, end: 30 }],
    });

    act(() => media.setTime(video(), 30.5));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(patches()).toHaveLength(2);
    const [, final] = patches()[1]!;
    expect(final?.keepalive).toBe(true);
    expect(final?.headers).toMatchObject({ 'x-viewing-session-token': VIEWING_SESSION_TOKEN });
    expect(JSON.parse(String(final?.body))).toMatchObject({
      endPosition: 30.5,
      totalWatchTime: 30.5,
      watchedRanges: [{ start: 30, end: 30.5 }],
      sessionEndTime: new Date().toISOString(),
    });
    expect(bodiesSentTo(START_VIEWING_SESSION)).toHaveLength(1);
  });

  it('reports nothing for the demo placeholder', () => {
    const { unmount } = renderPlayer({ videoUrl: null });
    unmount();
    expect(sessionApi.fetchMock).not.toHaveBeenCalled();
  });
});
