import { useEffect, useRef, useState, type RefObject } from 'react';

const HLS_MIME = 'application/vnd.apple.mpegurl';

const hasMediaSource = () =>
  typeof window !== 'undefined' &&
  ('MediaSource' in window || 'ManagedMediaSource' in window || 'WebKitMediaSource' in window);

/**
 * Native HLS where the browser's own player is the better one: Apple's WebKit (Safari, every iOS
 * browser), or any browser without Media Source Extensions. Chromium now also answers "maybe" for
 * HLS, but there hls.js (adaptive renditions over MSE, with error recovery) behaves the same in every
 * browser, so it is used wherever MSE exists.
 */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  if (!video.canPlayType(HLS_MIME)) return false;
  const apple = typeof navigator !== 'undefined' && /apple/i.test(navigator.vendor ?? '');
  return apple || !hasMediaSource();
}

type Options = {
  /** Called once when the stream cannot be played (fatal, unrecoverable). */
  onFatalError: (reason: string) => void;
  /** Start playing once attached (Play Now was pressed); a change re-attaches the stream. */
  autoPlay?: boolean;
  /**
   * The film has captions: load the full hls.js (the light build has no subtitle support) and
   * report the stream's subtitle tracks.
   */
  subtitles?: boolean;
  /** Where to start, in seconds (Resume); the start of the film when left out. */
  startPosition?: number;
};

/** A subtitle track of the stream, as the CC menu lists it. */
export type SubtitleTrack = { id: number; label: string; language: string };

type SubtitleState = { tracks: SubtitleTrack[]; active: number };
const NO_SUBTITLES: SubtitleState = { tracks: [], active: -1 };

const isTextTrackForPeople = (track: TextTrack) => track.kind === 'subtitles' || track.kind === 'captions';

const startPlayback = (video: HTMLVideoElement) => {
  try {
    void video.play()?.catch((error: unknown) => {
      // Autoplay refused or interrupted by a pause: the viewer presses play.
      console.info('[player] playback did not start by itself', error);
    });
  } catch (error) {
    console.info('[player] playback did not start by itself', error);
  }
};

/**
 * Plays the HLS master playlist `src` in `videoRef`: natively (Safari) or with hls.js, which is loaded
 * on demand so it is not part of the main bundle. Returns `retry` to start over after an error.
 */
export function useHlsSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string | null,
  { onFatalError, autoPlay = true, subtitles = false, startPosition = 0 }: Options,
) {
  const [attempt, setAttempt] = useState(0);
  const [attachCount, setAttachCount] = useState(0);
  const [subtitleState, setSubtitleState] = useState<SubtitleState>(NO_SUBTITLES);
  /** Switches the stream's subtitle track (-1: off); set once the stream is attached. */
  const selectRef = useRef<(id: number) => void>(() => undefined);
  /** The bit rate of the rendition playing (kbit/s), when hls.js says; null natively. */
  const bitrateRef = useRef<() => number | null>(() => null);
  // Where to start is read when the stream is attached; a later change does not seek.
  const startPositionRef = useRef(startPosition);
  const onFatalErrorRef = useRef(onFatalError);
  useEffect(() => {
    onFatalErrorRef.current = onFatalError;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const fail = (reason: string) => {
      if (!cancelled) onFatalErrorRef.current(reason);
    };

    setSubtitleState(NO_SUBTITLES);
    const startAt = startPositionRef.current > 0 ? startPositionRef.current : 0;

    if (prefersNativeHls(video)) {
      const onError = () => fail('The video stream could not be loaded.');
      const seekToStart = () => {
        if (startAt > 0) video.currentTime = startAt;
      };
      // Safari lists the master playlist's subtitle renditions as the video's text tracks.
      const textTracks = video.textTracks;
      const readTextTracks = () => {
        const tracks = Array.from(textTracks ?? []).filter(isTextTrackForPeople);
        setSubtitleState({
          tracks: tracks.map((track, id) => ({
            id,
            label: track.label || track.language,
            language: track.language,
          })),
          active: tracks.findIndex((track) => track.mode === 'showing'),
        });
      };
      selectRef.current = (id) => {
        Array.from(textTracks ?? [])
          .filter(isTextTrackForPeople)
          .forEach((track, index) => {
            track.mode = index === id ? 'showing' : 'disabled';
          });
        readTextTracks();
      };
      video.addEventListener('error', onError);
      video.addEventListener('loadedmetadata', seekToStart, { once: true });
      textTracks?.addEventListener?.('addtrack', readTextTracks);
      textTracks?.addEventListener?.('change', readTextTracks);
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeEventListener('loadedmetadata', seekToStart);
        textTracks?.removeEventListener?.('addtrack', readTextTracks);
        textTracks?.removeEventListener?.('change', readTextTracks);
      };
      video.src = src;
      setAttachCount((count) => count + 1);
      if (autoPlay) startPlayback(video);
    } else {
      (subtitles ? import('hls.js') : import('hls.js/light'))
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            fail('This browser cannot play streaming video.');
            return;
          }
          const hls = new Hls({
            capLevelToPlayerSize: true,
            startLevel: -1,
            startPosition: startAt > 0 ? startAt : -1,
          });
          bitrateRef.current = () => {
            const level = hls.levels?.[hls.currentLevel];
            return level?.bitrate ? level.bitrate / 1000 : null;
          };
          let recoveredMediaError = false;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMediaError) {
              recoveredMediaError = true;
              hls.recoverMediaError();
              return;
            }
            console.warn('[player] fatal stream error', data.type, data.details);
            hls.destroy();
            fail(
              data.type === Hls.ErrorTypes.NETWORK_ERROR
                ? 'The video stream could not be loaded.'
                : 'The video could not be decoded.',
            );
          });
          if (subtitles) {
            const readTracks = () =>
              setSubtitleState({
                tracks: hls.subtitleTracks.map((track, id) => ({
                  id,
                  label: track.name || track.lang || `Track ${id + 1}`,
                  language: track.lang ?? '',
                })),
                active: hls.subtitleTrack,
              });
            hls.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, readTracks);
            hls.on(Hls.Events.SUBTITLE_TRACK_SWITCH, readTracks);
            selectRef.current = (id) => {
              hls.subtitleDisplay = id >= 0;
              hls.subtitleTrack = id;
              readTracks();
            };
          }
          hls.loadSource(src);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
          setAttachCount((count) => count + 1);
          if (autoPlay) startPlayback(video);
        })
        .catch((error: unknown) => {
          console.warn('[player] could not load the HLS player', error);
          fail('The video player could not be loaded.');
        });
    }

    return () => {
      cancelled = true;
      selectRef.current = () => undefined;
      bitrateRef.current = () => null;
      destroy?.();
      video.removeAttribute('src');
    };
  }, [videoRef, src, autoPlay, subtitles, attempt]);

  return {
    retry: () => setAttempt((value) => value + 1),
    /**
     * How many times the stream was attached to the video (0 until the first time): a change means
     * `play()` can now start it (a player that holds the start, for a pre-roll, waits for it).
     */
    attachCount,
    subtitleTracks: subtitleState.tracks,
    /** The shown subtitle track's id, -1 when off. */
    subtitleTrack: subtitleState.active,
    selectSubtitleTrack: (id: number) => selectRef.current(id),
    /** kbit/s of the rendition playing, null when not known. */
    bitrateKbps: () => bitrateRef.current(),
  };
}
