import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AdPlacement, SelectedAd } from '@/lib/api/types';
import { AD_PLACEMENTS, makeSelectedAd, RECORD_AD_VIEW, SELECT_AD, settlePlayer } from '@/testing/ads';
import { hls } from '@/testing/fake-hls';
import { makeFilm } from '@/testing/fixtures';
import { stubMediaElement } from '@/testing/media';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, withQueryClient } from '@/testing/test-utils';
import {
  UPDATE_VIEWING_SESSION,
  VIEWING_SESSION_ID,
  unmountThenUnstubGlobals,
  viewingSessionHandlers,
} from '@/testing/viewing-session';

import { FilmPlayer } from './film-player';

vi.mock('hls.js/light', async () => ({ default: (await import('@/testing/fake-hls')).FakeHls }));

const film = makeFilm({ title: 'Nebula Dreams', videoUrl: '/media/films/3/master.m3u8' });
const PRE_ROLL: AdPlacement = { position: 0, placementType: 'pre_roll' };
const POST_ROLL: AdPlacement = { position: 720, placementType: 'post_roll' };
const midRoll = (position: number): AdPlacement => ({ position, placementType: 'mid_roll' });

type SelectAnswer = SelectedAd | 'none' | 'fail';

/**
 * The ads API: the film's placements, one answer per selection in order (an ad, 'none' for a 204,
 * 'fail' for a 503), and POST /api/ads/view recording everything.
 */
function mockAds(placements: AdPlacement[], answers: SelectAnswer[]) {
  const queue = [...answers];
  return mockFetch({
    ...viewingSessionHandlers(),
    [AD_PLACEMENTS(film.id)]: () => jsonResponse(placements),
    [SELECT_AD]: () => {
      const answer = queue.shift() ?? 'none';
      if (answer === 'none') return new Response(null, { status: 204 });
      if (answer === 'fail') return new Response('', { status: 503, statusText: 'Service Unavailable' });
      return jsonResponse(answer);
    },
    [RECORD_AD_VIEW]: () => jsonResponse({ recorded: true }),
  });
}

const renderPlayer = () => {
  const onClose = vi.fn();
  const view = render(<FilmPlayer film={film} onClose={onClose} />, { wrapper: withQueryClient() });
  return { ...view, onClose };
};

const filmVideo = () => screen.getByTestId('film-video') as HTMLVideoElement;
const adVideo = () => screen.getByTestId('ad-video') as HTMLVideoElement;
const skipButton = () => screen.getByRole('button', { name: /^Skip Ad/ });

describe('FilmPlayer: ad breaks', () => {
  let media: ReturnType<typeof stubMediaElement>;

  beforeEach(() => {
    hls.instances.length = 0;
    media = stubMediaElement();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(async () => {
    vi.useRealTimers();
    await unmountThenUnstubGlobals();
  });

  const eventsSent = (api: ReturnType<typeof mockFetch>) =>
    api.bodiesSentTo(RECORD_AD_VIEW).map((body) => (body as { event: string }).event);

  it('plays the pre-roll before the film, with its label, countdown and details, then starts the film', async () => {
    const ad = makeSelectedAd();
    const api = mockAds([PRE_ROLL, POST_ROLL], [ad]);
    renderPlayer();
    await settlePlayer();

    expect(api.bodiesSentTo(SELECT_AD)).toStrictEqual([
      {
        filmId: film.id,
        position: 0,
        placementType: 'pre_roll',
        sessionId: VIEWING_SESSION_ID,
        deviceType: 'desktop',
      },
    ]);
    const overlay = screen.getByTestId('ad-overlay');
    expect(overlay).toHaveTextContent('Advertisement');
    expect(overlay).toHaveTextContent('Aurora Headphones');
    expect(overlay).toHaveTextContent('Hear every frame.');
    expect(overlay).toHaveTextContent('Aurora Audio');
    expect(screen.getByTestId('ad-countdown')).toHaveTextContent('20s');
    // The ad plays in its own video, with hls.js; the film waits.
    expect(hls.instances[1]!.loadSource).toHaveBeenCalledWith(ad.videoUrl);
    expect(adVideo().paused).toBe(false);
    expect(filmVideo().paused).toBe(true);
    expect(screen.queryByTestId('player-controls')).not.toBeInTheDocument();
    expect(api.bodiesSentTo(RECORD_AD_VIEW)).toStrictEqual([
      {
        adId: ad.id,
        filmId: film.id,
        sessionId: VIEWING_SESSION_ID,
        token: ad.token,
        event: 'start',
        deviceType: 'desktop',
      },
    ]);

    act(() => {
      media.setDuration(adVideo(), 20);
      media.setTime(adVideo(), 5.5);
    });
    expect(screen.getByTestId('ad-countdown')).toHaveTextContent('15s');
    act(() => media.setTime(adVideo(), 10));
    act(() => media.setTime(adVideo(), 15));
    act(() => {
      media.setTime(adVideo(), 20);
      adVideo().dispatchEvent(new Event('ended'));
    });
    await settlePlayer();

    expect(eventsSent(api)).toStrictEqual([
      'start',
      'first_quartile',
      'midpoint',
      'third_quartile',
      'complete',
    ]);
    expect(api.bodiesSentTo(RECORD_AD_VIEW).at(-1)).toMatchObject({ event: 'complete', viewDuration: 20 });
    expect(screen.queryByTestId('ad-overlay')).not.toBeInTheDocument();
    expect(filmVideo().paused).toBe(false);
    expect(screen.getByTestId('player-controls')).toBeInTheDocument();
  });

  it('enables Skip Ad 5 s after the ad started; skipping records it and starts the film', async () => {
    vi.useFakeTimers();
    const api = mockAds([PRE_ROLL], [makeSelectedAd()]);
    renderPlayer();
    await settlePlayer();
    expect(skipButton()).toBeDisabled();
    expect(skipButton()).toHaveTextContent('Skip Ad in 5');

    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(skipButton()).toBeDisabled();
    expect(skipButton()).toHaveTextContent('Skip Ad in 1');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(skipButton()).toBeEnabled();
    expect(skipButton()).toHaveTextContent(/^Skip Ad$/);

    act(() => media.setTime(adVideo(), 5.2));
    fireEvent.click(skipButton());
    await settlePlayer();

    expect(api.bodiesSentTo(RECORD_AD_VIEW).at(-1)).toStrictEqual({
      adId: 41,
      filmId: film.id,
      sessionId: VIEWING_SESSION_ID,
      token: 'ad-token-1',
      event: 'skip',
      viewDuration: 5.2,
      wasSkipped: true,
    });
    expect(screen.queryByTestId('ad-overlay')).not.toBeInTheDocument();
    expect(filmVideo().paused).toBe(false);
  });

  it('Learn More opens the click URL in a new tab and records a click', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = mockAds([PRE_ROLL], [makeSelectedAd()]);
    renderPlayer();
    await settlePlayer();

    fireEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    await settlePlayer(1);

    expect(open).toHaveBeenCalledWith('https://aurora.example/headphones', '_blank', 'noopener,noreferrer');
    expect(api.bodiesSentTo(RECORD_AD_VIEW).at(-1)).toMatchObject({
      event: 'click',
      clicked: true,
    });
    // The ad goes on.
    expect(screen.getByTestId('ad-overlay')).toBeInTheDocument();
  });

  it('plays the ad muted when the browser refuses to start it with sound', async () => {
    const play = media.play.getMockImplementation()!;
    media.play.mockImplementation(function (this: HTMLMediaElement) {
      if (this.dataset.testid === 'ad-video' && !this.muted)
        return Promise.reject(new DOMException('Autoplay refused', 'NotAllowedError'));
      return play.call(this);
    });
    const api = mockAds([PRE_ROLL], [makeSelectedAd()]);
    renderPlayer();
    await settlePlayer();

    expect(adVideo().muted).toBe(true);
    expect(adVideo().paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Unmute ad' })).toBeInTheDocument();
    expect(eventsSent(api)).toStrictEqual(['start']);
  });

  it('starts the film at once when no ad qualifies (204), and only logs it', async () => {
    const api = mockAds([PRE_ROLL], ['none']);
    renderPlayer();
    await settlePlayer();

    expect(api.bodiesSentTo(SELECT_AD)).toHaveLength(1);
    expect(screen.queryByTestId('ad-overlay')).not.toBeInTheDocument();
    expect(filmVideo().paused).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(console.info).toHaveBeenCalledWith(expect.stringContaining('no ad for the pre_roll'));
  });

  it('starts the film at once when the ad cannot be selected, or its stream fails', async () => {
    mockAds([PRE_ROLL, midRoll(60)], ['fail', makeSelectedAd({ placementType: 'mid_roll', position: 60 })]);
    renderPlayer();
    await settlePlayer();
    expect(filmVideo().paused).toBe(false);
    expect(console.warn).toHaveBeenCalledWith('[ads] no ad could be selected', expect.anything());

    act(() => media.setTime(filmVideo(), 60));
    await settlePlayer();
    expect(screen.getByTestId('ad-overlay')).toBeInTheDocument();
    expect(filmVideo().paused).toBe(true);

    act(() =>
      hls.instances[1]!.listeners.get('hlsError')!('hlsError', {
        fatal: true,
        type: 'networkError',
        details: 'manifestLoadError',
      }),
    );
    await settlePlayer();

    expect(screen.queryByTestId('ad-overlay')).not.toBeInTheDocument();
    expect(filmVideo().paused).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives up on an ad that has not started 10 s after its break began', async () => {
    vi.useFakeTimers();
    // The ad's stream never starts playing.
    const play = media.play.getMockImplementation()!;
    media.play.mockImplementation(function (this: HTMLMediaElement) {
      return this.dataset.testid === 'ad-video' ? new Promise<void>(() => {}) : play.call(this);
    });
    mockAds([PRE_ROLL], [makeSelectedAd()]);
    renderPlayer();
    await settlePlayer();
    expect(screen.getByTestId('ad-overlay')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(screen.getByTestId('ad-overlay')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settlePlayer();

    expect(screen.queryByTestId('ad-overlay')).not.toBeInTheDocument();
    expect(filmVideo().paused).toBe(false);
  });

  it('plays a mid-roll when the film reaches it, once, and the pause is not the viewer’s', async () => {
    const ad = makeSelectedAd({ placementType: 'mid_roll', position: 60 });
    const api = mockAds([midRoll(60), POST_ROLL], [ad]);
    const { onClose, unmount } = renderPlayer();
    await settlePlayer();
    // No pre-roll placement: the film starts at once.
    expect(filmVideo().paused).toBe(false);

    act(() => {
      for (let time = 0.25; time < 60; time += 0.25) media.setTime(filmVideo(), time);
    });
    expect(api.bodiesSentTo(SELECT_AD)).toHaveLength(0);
    act(() => media.setTime(filmVideo(), 60));
    await settlePlayer();

    expect(api.bodiesSentTo(SELECT_AD)).toStrictEqual([
      {
        filmId: film.id,
        position: 60,
        placementType: 'mid_roll',
        sessionId: VIEWING_SESSION_ID,
        deviceType: 'desktop',
      },
    ]);
    expect(filmVideo().paused).toBe(true);
    expect(screen.getByTestId('ad-overlay')).toBeInTheDocument();

    // The film's keys do nothing during the ad; Escape still closes.
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(filmVideo().paused).toBe(true);
    expect(filmVideo().currentTime).toBe(60);

    act(() => adVideo().dispatchEvent(new Event('ended')));
    await settlePlayer();
    expect(filmVideo().paused).toBe(false);

    // Back before the break and past it again: not played twice.
    act(() => media.setTime(filmVideo(), 30));
    act(() => media.setTime(filmVideo(), 61));
    await settlePlayer();
    expect(api.bodiesSentTo(SELECT_AD)).toHaveLength(1);
    expect(screen.queryByTestId('ad-overlay')).not.toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    // Closed: the session's last report counts no pause for the ad, and none of its time.
    unmount();
    await settlePlayer(1);
    expect(api.bodiesSentTo(UPDATE_VIEWING_SESSION)).toMatchObject([
      { pauseCount: 0, totalWatchTime: 60, sessionEndTime: expect.any(String) },
    ]);
  });

  it('plays one break when the viewer seeks past mid-rolls, then goes on from where they seeked to', async () => {
    const api = mockAds(
      [midRoll(60), midRoll(120), midRoll(300)],
      [makeSelectedAd({ placementType: 'mid_roll' })],
    );
    renderPlayer();
    await settlePlayer();
    act(() => media.setTime(filmVideo(), 10));

    act(() => {
      filmVideo().currentTime = 130;
      filmVideo().dispatchEvent(new Event('seeking'));
      media.setTime(filmVideo(), 130);
    });
    await settlePlayer();
    expect(api.bodiesSentTo(SELECT_AD)).toMatchObject([{ position: 60 }]);

    act(() => adVideo().dispatchEvent(new Event('ended')));
    await settlePlayer();
    expect(filmVideo().paused).toBe(false);
    expect(filmVideo().currentTime).toBe(130);

    act(() => media.setTime(filmVideo(), 131));
    await settlePlayer();
    expect(api.bodiesSentTo(SELECT_AD)).toHaveLength(1);
    act(() => media.setTime(filmVideo(), 300));
    await settlePlayer();
    expect(api.bodiesSentTo(SELECT_AD)).toMatchObject([{ position: 60 }, { position: 300 }]);
  });

  it('plays the post-roll when the film ends, and does not start the film again', async () => {
    const api = mockAds(
      [PRE_ROLL, POST_ROLL],
      ['none', makeSelectedAd({ placementType: 'post_roll', position: 720 })],
    );
    renderPlayer();
    await settlePlayer();
    media.play.mockClear();

    act(() => {
      filmVideo().pause();
      filmVideo().dispatchEvent(new Event('ended'));
    });
    await settlePlayer();
    expect(api.bodiesSentTo(SELECT_AD)).toMatchObject([
      { placementType: 'pre_roll' },
      { placementType: 'post_roll', position: 720 },
    ]);
    expect(screen.getByTestId('ad-overlay')).toBeInTheDocument();

    act(() => adVideo().dispatchEvent(new Event('ended')));
    await settlePlayer();
    expect(screen.queryByTestId('ad-overlay')).not.toBeInTheDocument();
    expect(filmVideo().paused).toBe(true);
    expect(media.play.mock.contexts.filter((element) => element === filmVideo())).toHaveLength(0);
  });
});
