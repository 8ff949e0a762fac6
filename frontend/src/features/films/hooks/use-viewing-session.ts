import { VIEWING_SESSION_UPDATE_INTERVAL_S } from '@kinora/contracts';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

import type { UpdateViewingSessionInput, ViewingSessionAccepted } from '@/lib/api/types';
import { listen } from '@/lib/listen';

import { startViewingSession, updateViewingSession } from '../api/viewing-session';
import { newSessionId, viewingDeviceType } from '../utils/viewing-context';
import { roundSeconds, WatchTracker } from '../utils/watch-tracker';

type Options = {
  filmId: number;
  /** The player has a video to play (not the demo placeholder). */
  enabled: boolean;
  /**
   * An ad break holds the film (the player pauses it and plays the ad in its own element): the
   * film's pause and play around the break are not the viewer's, and ad time is never counted.
   */
  adPlaying?: boolean;
  /** The bit rate of the rendition playing in kbit/s, when the player knows it (hls.js). */
  bitrateKbps?: () => number | null;
};

const logFailure = (what: string) => (error: unknown) => {
  console.info(`[player] ${what}`, error);
};

/**
 * Reports a viewing session of the film in `videoRef` (docs/analytics-and-money.md, viewing
 * sessions): opened once, when the film first starts playing; updated every
 * VIEWING_SESSION_UPDATE_INTERVAL_S while anything changed; ended when the player closes (unmount,
 * which Escape and the close button cause) or the page is hidden for good (pagehide), with a
 * keepalive request. Every failure is logged and swallowed: reporting never gets in the way of
 * playback. A player that never played reports nothing.
 */
export function useViewingSession(
  videoRef: RefObject<HTMLVideoElement | null>,
  { filmId, enabled, adPlaying = false, bitrateKbps }: Options,
) {
  const adPlayingRef = useRef(adPlaying);
  const bitrateRef = useRef(bitrateKbps);
  const trackerRef = useRef<WatchTracker | null>(null);
  // A layout effect, so the flag is up before any passive effect (the ad breaks') pauses the film.
  useLayoutEffect(() => {
    bitrateRef.current = bitrateKbps;
    if (adPlaying && !adPlayingRef.current) trackerRef.current?.interrupt();
    adPlayingRef.current = adPlaying;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || !video) return;
    const tracker = new WatchTracker(video.currentTime);
    trackerRef.current = tracker;
    let session: Promise<ViewingSessionAccepted | null> | null = null;
    let finished = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    let lastSent = '';

    const counting = () => !video.paused && !video.seeking && !video.ended && !adPlayingRef.current;

    const start = () => {
      if (session || finished || adPlayingRef.current) return;
      tracker.resume(video.currentTime);
      session = startViewingSession({
        sessionId: newSessionId(),
        filmId,
        deviceType: viewingDeviceType(),
        sessionStartTime: new Date().toISOString(),
        startPosition: roundSeconds(video.currentTime),
        referrer: document.referrer || null,
      }).catch((error: unknown) => {
        logFailure('viewing session not opened')(error);
        return null;
      });
      timer = setInterval(() => send(false), VIEWING_SESSION_UPDATE_INTERVAL_S * 1000);
    };

    const send = (final: boolean) => {
      if (!session || finished) return;
      if (final) {
        finished = true;
        clearInterval(timer);
        tracker.interrupt();
      }
      const watchedRanges = tracker.takeRanges();
      const progress = {
        endPosition: roundSeconds(tracker.position),
        totalWatchTime: roundSeconds(tracker.watchTime),
        pauseCount: tracker.pauseCount,
        seekCount: tracker.seekCount,
      };
      const signature = JSON.stringify(progress);
      // Nothing happened since the previous update (e.g. paused): nothing to say.
      if (!final && watchedRanges.length === 0 && signature === lastSent) return;
      lastSent = signature;
      const now = new Date().toISOString();
      const bitrate = bitrateRef.current?.() ?? null;
      const body: UpdateViewingSessionInput = {
        ...progress,
        updatedAt: now,
        watchedRanges,
        ...(bitrate !== null && bitrate >= 1 ? { bitrateKbps: Math.round(bitrate) } : {}),
        ...(final ? { sessionEndTime: now } : {}),
      };
      void session.then((accepted) =>
        accepted
          ? updateViewingSession(accepted, body, { keepalive: final }).catch(
              logFailure('viewing session not updated'),
            )
          : undefined,
      );
    };

    const onPlaying = () => {
      if (!session) start();
      else if (!adPlayingRef.current) tracker.resume(video.currentTime);
    };
    const onTimeUpdate = () => {
      if (!session || adPlayingRef.current) return;
      if (counting()) tracker.played(video.currentTime);
      else tracker.moved(video.currentTime);
    };
    const onPause = () => {
      if (!session || adPlayingRef.current) return;
      // The film reaching its end pauses it too: that is not the viewer pausing.
      if (video.ended) tracker.interrupt();
      else tracker.paused();
    };
    const onSeeking = () => {
      if (!session || adPlayingRef.current) return;
      tracker.seeked();
      tracker.moved(video.currentTime);
    };
    const onEnded = () => tracker.interrupt();
    const onPageHide = () => send(true);

    const unlistenVideo = listen(video, {
      playing: onPlaying,
      timeupdate: onTimeUpdate,
      pause: onPause,
      seeking: onSeeking,
      ended: onEnded,
    });
    const unlistenWindow = listen(window, { pagehide: onPageHide });
    // Playback may have begun before these listeners were added (a native stream plays at once).
    if (!video.paused) start();

    return () => {
      unlistenVideo();
      unlistenWindow();
      send(true);
      clearInterval(timer);
      trackerRef.current = null;
    };
  }, [videoRef, filmId, enabled]);
}
