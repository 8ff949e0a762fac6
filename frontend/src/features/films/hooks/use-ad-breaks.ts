import { useEffect, useRef, useState, type RefObject } from 'react';

import { AD_START_TIMEOUT_MS } from '@/config/constants';
import type { AdEventKind, AdPlacement, RecordAdViewInput, SelectedAd } from '@/lib/api/types';
import { listen } from '@/lib/listen';

import { recordAdView, selectAd, useAdPlacements } from '../api/ads';
import { newSessionId, viewingDeviceType } from '../utils/viewing-context';
import { roundSeconds } from '../utils/watch-tracker';

type Options = {
  filmId: number;
  /** The film's video element: paused for a break, played again after it. */
  filmRef: RefObject<HTMLVideoElement | null>;
  /** The player has a film to play (not the demo placeholder). */
  enabled: boolean;
  /** useHlsSource's attachCount: the film can be started once its stream is attached. */
  attachCount: number;
  /** Where the film starts (Resume): breaks before it are not played. */
  startPosition?: number;
};

/** The break under way: its placement, and its ad once selected (null while it is being chosen). */
export type AdBreak = { placement: AdPlacement; ad: SelectedAd | null };

/** What the ad overlay reports; each is recorded with POST /api/ads/view. */
export type AdBreakHandlers = {
  /** The ad started playing: the impression. */
  onStart: () => void;
  onQuartile: (event: Extract<AdEventKind, 'first_quartile' | 'midpoint' | 'third_quartile'>) => void;
  /** The ad played to its end after `viewDuration` seconds. */
  onComplete: (viewDuration: number) => void;
  /** Skip Ad after `viewDuration` seconds of the ad. */
  onSkip: (viewDuration: number) => void;
  /** Learn More (the overlay opens the click URL itself, within the click). */
  onClick: () => void;
  /** The ad could not be played: logged, and the film resumes. */
  onError: (reason: string) => void;
};

const breakKey = (placement: AdPlacement) => `${placement.placementType}@${placement.position}`;

/**
 * The mid-roll due next: the smallest position above `mark` (the furthest point the film reached
 * when a break ended, or where it started) that has not been played.
 */
export function nextMidRoll(
  placements: readonly AdPlacement[],
  mark: number,
  played: ReadonlySet<string>,
): AdPlacement | undefined {
  let next: AdPlacement | undefined;
  for (const placement of placements) {
    if (placement.placementType !== 'mid_roll' || placement.position <= mark) continue;
    if (played.has(breakKey(placement))) continue;
    if (!next || placement.position < next.position) next = placement;
  }
  return next;
}

const startFilm = (video: HTMLVideoElement) => {
  try {
    void video
      .play()
      ?.catch((error: unknown) => console.info('[ads] the film did not resume by itself', error));
  } catch (error) {
    console.info('[ads] the film did not resume by itself', error);
  }
};

/**
 * The film's ad breaks (docs/advertising.md, docs/playback-and-media.md#ad-breaks). The placements
 * are asked when the player opens; the film is held until the pre-roll is over. While the film
 * plays, reaching the next mid-roll pauses it for that break (seeking past one plays it once, then
 * the film goes on from where the viewer went); the film's end plays the post-roll. Each break is
 * played at most once per playback. No ad (204), an ad that cannot be selected or played, or one
 * that has not started AD_START_TIMEOUT_MS after its break began resumes the film at once: that is
 * only logged. One session id (a UUID) ties the playback's selections and events together.
 */
export function useAdBreaks({ filmId, filmRef, enabled, attachCount, startPosition = 0 }: Options) {
  const placements = useAdPlacements(filmId, enabled);
  const [sessionId] = useState(newSessionId);
  /** The pre-roll is over (or there was none): the film may play. */
  const [ready, setReady] = useState(!enabled);
  const [current, setCurrent] = useState<AdBreak | null>(null);
  const [adStarted, setAdStarted] = useState(false);
  /** Bumped whenever the film should (re)start: played once its stream is attached. */
  const [playRequest, setPlayRequest] = useState(0);

  const readyRef = useRef(!enabled);
  const currentRef = useRef<AdBreak | null>(null);
  const markRef = useRef(Math.max(0, startPosition));
  const playedRef = useRef(new Set<string>());
  const wantsPlayRef = useRef(false);
  /** Counts breaks (and the player closing): an answer for an earlier one is dropped. */
  const breakSeqRef = useRef(0);
  const context = useRef({ filmId, sessionId, filmRef });
  useEffect(() => {
    context.current = { filmId, sessionId, filmRef };
  });

  // The machine below only reads refs and calls state setters, so one set of functions serves
  // every render; they live in a ref made once.
  const machine = useRef<ReturnType<typeof createMachine> | null>(null);
  function createMachine() {
    const show = (next: AdBreak | null) => {
      currentRef.current = next;
      setCurrent(next);
    };
    const requestPlay = () => {
      wantsPlayRef.current = true;
      setPlayRequest((count) => count + 1);
    };

    /** The pre-roll is settled: the film may start. */
    const release = () => {
      if (readyRef.current) return;
      readyRef.current = true;
      setReady(true);
      requestPlay();
    };

    const end = () => {
      const ended = currentRef.current;
      if (!ended) return;
      breakSeqRef.current += 1;
      show(null);
      setAdStarted(false);
      if (!readyRef.current) {
        release();
        return;
      }
      const film = context.current.filmRef.current;
      markRef.current = Math.max(markRef.current, ended.placement.position, film?.currentTime ?? 0);
      if (ended.placement.placementType !== 'post_roll') requestPlay();
    };

    const begin = (placement: AdPlacement) => {
      playedRef.current.add(breakKey(placement));
      const seq = (breakSeqRef.current += 1);
      show({ placement, ad: null });
      setAdStarted(false);
      const { filmId: film, sessionId: session } = context.current;
      selectAd({
        filmId: film,
        position: placement.position,
        placementType: placement.placementType,
        sessionId: session,
        deviceType: viewingDeviceType(),
      })
        .then((ad) => {
          if (breakSeqRef.current !== seq) return;
          if (ad) {
            show({ placement, ad });
            return;
          }
          console.info(`[ads] no ad for the ${placement.placementType} at ${placement.position} s`);
          end();
        })
        .catch((error: unknown) => {
          if (breakSeqRef.current !== seq) return;
          console.warn('[ads] no ad could be selected', error);
          end();
        });
    };

    const track = (event: AdEventKind, extra: Partial<RecordAdViewInput> = {}) => {
      const ad = currentRef.current?.ad;
      if (!ad) return;
      const { filmId: film, sessionId: session } = context.current;
      recordAdView({ adId: ad.id, filmId: film, sessionId: session, token: ad.token, event, ...extra }).catch(
        (error: unknown) => console.info(`[ads] ad event ${event} not recorded`, error),
      );
    };

    const handlers: AdBreakHandlers = {
      onStart: () => {
        setAdStarted(true);
        track('start', { deviceType: viewingDeviceType() });
      },
      onQuartile: (event) => track(event),
      onComplete: (viewDuration) => {
        track('complete', { viewDuration: roundSeconds(viewDuration) });
        end();
      },
      onSkip: (viewDuration) => {
        track('skip', { viewDuration: roundSeconds(viewDuration), wasSkipped: true });
        end();
      },
      onClick: () => track('click', { clicked: true }),
      onError: (reason) => {
        console.warn('[ads] the ad could not be played', reason);
        end();
      },
    };

    return { begin, end, release, requestPlay, handlers };
  }
  machine.current ??= createMachine();
  const { begin, end, release, requestPlay, handlers } = machine.current;

  // Opening: the pre-roll once the placements are known (or could not be had).
  const placementsSettled = placements.isSuccess || placements.isError;
  useEffect(() => {
    if (!enabled || readyRef.current || currentRef.current || !placementsSettled) return;
    if (placements.isError) console.warn('[ads] ad placements not loaded', placements.error);
    const preRoll = placements.data?.find((placement) => placement.placementType === 'pre_roll');
    if (preRoll) begin(preRoll);
    else release();
  }, [enabled, placementsSettled, placements.isError, placements.error, placements.data, begin, release]);

  // Waiting for an ad that does not start (placements, selection and loading included) ends at
  // AD_START_TIMEOUT_MS: the film goes on.
  const waiting = enabled && (current ? !adStarted : !ready);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      console.warn(`[ads] no ad started within ${AD_START_TIMEOUT_MS / 1000} s`);
      if (currentRef.current) end();
      else release();
    }, AD_START_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting, end, release]);

  // A break pauses the film (after the viewing session knows it is an ad's doing).
  const inBreak = current !== null;
  useEffect(() => {
    const film = filmRef.current;
    if (inBreak && film && !film.paused) film.pause();
  }, [inBreak, filmRef]);

  // The film (re)starts once asked to and its stream is attached.
  useEffect(() => {
    const film = filmRef.current;
    if (!wantsPlayRef.current || attachCount === 0 || !film) return;
    wantsPlayRef.current = false;
    startFilm(film);
  }, [playRequest, attachCount, filmRef]);

  // Mid-rolls as the film reaches them, the post-roll at its end.
  const list = placements.data;
  useEffect(() => {
    const film = filmRef.current;
    if (!enabled || !ready || !film || !list?.length) return;
    const onProgress = () => {
      if (currentRef.current || film.paused) return;
      const next = nextMidRoll(list, markRef.current, playedRef.current);
      if (next && film.currentTime >= next.position) begin(next);
    };
    const onEnded = () => {
      if (currentRef.current) return;
      const postRoll = list.find((placement) => placement.placementType === 'post_roll');
      if (postRoll && !playedRef.current.has(breakKey(postRoll))) begin(postRoll);
    };
    return listen(film, { timeupdate: onProgress, play: onProgress, ended: onEnded });
  }, [enabled, ready, list, filmRef, begin]);

  // Closing the player drops any answer still on its way.
  useEffect(
    () => () => {
      breakSeqRef.current += 1;
    },
    [],
  );

  return {
    /** The break under way, if any. */
    adBreak: current,
    /** An ad break holds the film: the viewing session does not count it. */
    adPlaying: inBreak,
    /** The film is held (pre-roll not settled, or a break under way): its controls do nothing. */
    locked: enabled && (!ready || inBreak),
    handlers,
    /** Starts the film again (after a playback error's Try again), unless a break holds it. */
    resumeFilm: () => {
      if (readyRef.current && !currentRef.current) requestPlay();
    },
  };
}
