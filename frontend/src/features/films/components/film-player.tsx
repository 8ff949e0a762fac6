import { FocusScope } from '@radix-ui/react-focus-scope';
import {
  Maximize,
  Minimize,
  Pause,
  Play,
  RotateCcw,
  RotateCw,
  Volume1,
  Volume2,
  VolumeX,
  X,
} from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';

import { PLAYER_CONTROLS_HIDE_MS, PLAYER_SEEK_STEP_S, PLAYER_VOLUME_STEP } from '@/config/constants';
import { formatClock } from '@/lib/format';
import { getPersonName } from '@/lib/user';
import { cn } from '@/lib/utils';
import type { Film } from '@/lib/api/types';

import { useAdBreaks } from '../hooks/use-ad-breaks';
import { useHlsSource } from '../hooks/use-hls-source';
import { usePlayerKeys } from '../hooks/use-player-keys';
import { useViewingSession } from '../hooks/use-viewing-session';
import { AdOverlay } from './ad-overlay';
import { CaptionsMenu, SpeedMenu } from './player-menus';
import { ControlButton, DemoPlaceholder, PlayerStatus, roundVolume, SeekBar } from './player-parts';

/** With captions, the stream carries them as subtitle tracks (the CC menu). */
export type PlayerFilm = Pick<Film, 'id' | 'title' | 'videoUrl' | 'posterUrl' | 'creator'> & {
  captions?: Film['captions'];
};

type FilmPlayerProps = {
  film: PlayerFilm;
  onClose: () => void;
  /** Buttons in the top bar (My List, Like). */
  actions?: ReactNode;
  /** Start this many seconds in (Resume); the start of the film when left out. */
  startPosition?: number;
};

/**
 * The full-screen player overlay (docs/playback-and-media.md): HLS playback with a seek bar,
 * play/pause, back and forward 10 s, mute, volume (0 to 1, step 0.1), time, fullscreen; controls hide after 3 s without mouse
 * movement; Escape closes, Space plays or pauses, M mutes. Without a video it shows a demo placeholder.
 * It plays the film's ad breaks (use-ad-breaks.ts: the film is held, its controls and keys do
 * nothing, and the ad plays over it), reports the viewing session (use-viewing-session.ts) and can
 * start at a resume position.
 */
export function FilmPlayer(props: FilmPlayerProps) {
  return createPortal(<PlayerOverlay {...props} />, document.body);
}

function PlayerOverlay({ film, onClose, actions, startPosition }: FilmPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hasVideo = Boolean(film.videoUrl);

  const [playing, setPlaying] = useState(false);
  const [buffering, setBuffering] = useState(hasVideo);
  const [error, setError] = useState<string | null>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [bufferedEnd, setBufferedEnd] = useState(0);
  const [volume, setVolumeState] = useState(1);
  const [muted, setMuted] = useState(false);
  const [controlsShown, setControlsShown] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [rate, setRate] = useState(1);

  const { retry, attachCount, subtitleTracks, subtitleTrack, selectSubtitleTrack, bitrateKbps } =
    useHlsSource(videoRef, film.videoUrl, {
      onFatalError: (reason) => {
        setError(reason);
        setBuffering(false);
      },
      // The ad breaks start the film, once its pre-roll is over.
      autoPlay: false,
      subtitles: (film.captions?.length ?? 0) > 0,
      startPosition,
    });
  const ads = useAdBreaks({
    filmId: film.id,
    filmRef: videoRef,
    enabled: hasVideo,
    attachCount,
    startPosition,
  });
  const locked = ads.locked;
  useViewingSession(videoRef, { filmId: film.id, enabled: hasVideo, adPlaying: ads.adPlaying, bitrateKbps });

  const applyRate = useCallback((next: number) => {
    if (videoRef.current) videoRef.current.playbackRate = next;
    setRate(next);
  }, []);

  const revealControls = useCallback(() => {
    setControlsShown(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsShown(false), PLAYER_CONTROLS_HIDE_MS);
  }, []);

  // Controls stay up while paused, buffering, failed or held by an ad; they hide only over a playing film.
  const controlsVisible = controlsShown || !playing || Boolean(error) || locked;

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video || !hasVideo || locked) return;
    if (video.paused || video.ended) {
      try {
        void video.play()?.catch(() => undefined);
      } catch {
        // Not playable yet; the error or buffering state already says why.
      }
    } else {
      video.pause();
    }
  }, [hasVideo, locked]);

  const seekBy = useCallback(
    (seconds: number) => {
      const video = videoRef.current;
      if (!video || locked) return;
      const end = Number.isFinite(video.duration) ? video.duration : Infinity;
      video.currentTime = Math.min(end, Math.max(0, video.currentTime + seconds));
      setCurrentTime(video.currentTime);
    },
    [locked],
  );

  const applyVolume = useCallback((next: number) => {
    const value = roundVolume(next);
    const video = videoRef.current;
    if (video) {
      video.volume = value;
      video.muted = value === 0;
    }
    setVolumeState(value);
    setMuted(value === 0);
  }, []);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    const next = !video.muted;
    video.muted = next;
    // Unmuting at volume 0 would stay silent: bring the volume back up a step.
    if (!next && video.volume === 0) video.volume = PLAYER_VOLUME_STEP;
    setMuted(next);
    setVolumeState(video.volume);
  }, []);

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.().catch(() => undefined);
    } else {
      void container.requestFullscreen?.().catch((cause: unknown) => {
        console.info('[player] fullscreen refused', cause);
      });
    }
  }, []);

  usePlayerKeys(ads.locked, {
    onClose,
    togglePlay,
    toggleMute,
    toggleFullscreen,
    seekBy,
    stepVolume: (delta) =>
      applyVolume((videoRef.current?.muted ? 0 : (videoRef.current?.volume ?? 1)) + delta),
    revealControls,
  });

  // The overlay owns the page while open: no scrolling behind it (its FocusScope keeps focus inside,
  // and gives it back on close).
  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onFullscreenChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      clearTimeout(hideTimer.current);
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    };
  }, []);

  useEffect(() => {
    revealControls();
  }, [revealControls]);

  const readDuration = ({ currentTarget: video }: SyntheticEvent<HTMLVideoElement>) =>
    setDuration(Number.isFinite(video.duration) ? video.duration : 0);

  const updateBuffered = (video: HTMLVideoElement) => {
    const ranges = video.buffered;
    if (ranges && ranges.length > 0) setBufferedEnd(ranges.end(ranges.length - 1));
  };

  const retryPlayback = () => {
    setError(null);
    setBuffering(true);
    retry();
    ads.resumeFilm();
  };

  const creatorName = getPersonName(film.creator.user);
  const shownVolume = muted ? 0 : volume;
  const VolumeIcon = shownVolume === 0 ? VolumeX : shownVolume < 0.5 ? Volume1 : Volume2;

  return (
    // Focus starts on the overlay itself, Tab and Shift+Tab go round its controls and never leave it
    // (a control an ad break takes away hands focus back to the overlay), and closing it focuses
    // again what was focused before, the Play button.
    <FocusScope
      asChild
      loop
      trapped
      onMountAutoFocus={(event) => {
        event.preventDefault();
        containerRef.current?.focus();
      }}
    >
      <div
        ref={containerRef}
        role="dialog"
        aria-modal="true"
        aria-label={`Playing ${film.title}`}
        tabIndex={-1}
        data-testid="film-player"
        data-controls-visible={controlsVisible ? 'true' : 'false'}
        onMouseMove={revealControls}
        onPointerDown={revealControls}
        onFocusCapture={revealControls}
        className={cn(
          'fixed inset-0 z-[70] flex items-center justify-center bg-black text-white outline-none',
          !controlsVisible && 'cursor-none',
        )}
      >
        {hasVideo ? (
          <video
            ref={videoRef}
            data-testid="film-video"
            playsInline
            preload="auto"
            poster={film.posterUrl ?? undefined}
            onClick={togglePlay}
            onDoubleClick={toggleFullscreen}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            onWaiting={() => setBuffering(true)}
            onSeeking={() => setBuffering(true)}
            onPlaying={() => setBuffering(false)}
            onCanPlay={() => setBuffering(false)}
            onSeeked={() => setBuffering(false)}
            onTimeUpdate={(event) => {
              setCurrentTime(event.currentTarget.currentTime);
              updateBuffered(event.currentTarget);
            }}
            onProgress={(event) => updateBuffered(event.currentTarget)}
            onDurationChange={readDuration}
            onLoadedMetadata={readDuration}
            onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
            onVolumeChange={(event) => {
              setVolumeState(event.currentTarget.volume);
              setMuted(event.currentTarget.muted);
            }}
            className="size-full bg-black object-contain"
          />
        ) : (
          <DemoPlaceholder title={film.title} creatorName={creatorName} />
        )}

        {/* Centre: the ad of a break, else a spinner, the error, or a big play button while paused. */}
        {hasVideo && ads.adBreak?.ad ? (
          <AdOverlay
            key={`${ads.adBreak.placement.placementType}@${ads.adBreak.placement.position}`}
            ad={ads.adBreak.ad}
            volume={volume}
            muted={muted}
            {...ads.handlers}
          />
        ) : hasVideo ? (
          <PlayerStatus
            error={error}
            busy={buffering || locked}
            paused={!playing}
            onRetry={retryPlayback}
            onClose={onClose}
            onPlay={togglePlay}
          />
        ) : null}

        {/* Top bar: close, title. */}
        <div
          className={cn(
            'absolute inset-x-0 top-0 flex items-center gap-3 bg-gradient-to-b from-black/80 to-transparent px-4 pt-4 pb-12 transition-opacity duration-300 md:px-8',
            controlsVisible ? 'opacity-100' : 'pointer-events-none opacity-0',
          )}
        >
          <ControlButton label="Close player" onClick={onClose}>
            <X className="size-6" />
          </ControlButton>
          <div className="min-w-0">
            <p className="truncate text-base font-semibold md:text-lg">{film.title}</p>
            <p className="truncate text-xs text-white/60">by {creatorName}</p>
          </div>
          {actions ? <div className="ml-auto flex shrink-0 items-center gap-2">{actions}</div> : null}
        </div>

        {/* Bottom bar: seek bar and controls; none while an ad break holds the film. */}
        {hasVideo && !locked ? (
          <div
            data-testid="player-controls"
            className={cn(
              'absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-4 pt-16 pb-4 transition-opacity duration-300 md:px-8 md:pb-6',
              controlsVisible ? 'opacity-100' : 'pointer-events-none opacity-0',
            )}
          >
            <SeekBar
              currentTime={currentTime}
              duration={duration}
              bufferedEnd={bufferedEnd}
              onSeek={(value) => {
                if (videoRef.current) videoRef.current.currentTime = value;
                setCurrentTime(value);
              }}
            />

            <div className="flex items-center gap-1 sm:gap-2">
              <ControlButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
                {playing ? (
                  <Pause className="size-6 fill-current" />
                ) : (
                  <Play className="size-6 fill-current" />
                )}
              </ControlButton>
              <ControlButton
                label={`Back ${PLAYER_SEEK_STEP_S} seconds`}
                onClick={() => seekBy(-PLAYER_SEEK_STEP_S)}
              >
                <RotateCcw className="size-5" />
              </ControlButton>
              <ControlButton
                label={`Forward ${PLAYER_SEEK_STEP_S} seconds`}
                onClick={() => seekBy(PLAYER_SEEK_STEP_S)}
              >
                <RotateCw className="size-5" />
              </ControlButton>

              <div className="group/volume flex items-center">
                <ControlButton label={muted ? 'Unmute' : 'Mute'} onClick={toggleMute}>
                  <VolumeIcon className="size-5" />
                </ControlButton>
                <input
                  type="range"
                  aria-label="Volume"
                  min={0}
                  max={1}
                  step={PLAYER_VOLUME_STEP}
                  value={shownVolume}
                  aria-valuetext={`${Math.round(shownVolume * 100)}%`}
                  onChange={(event) => applyVolume(Number(event.target.value))}
                  className="ml-1 h-1 w-16 cursor-pointer accent-accent sm:w-24"
                />
              </div>

              <p
                className="ml-2 text-xs font-medium whitespace-nowrap text-white/85 tabular-nums sm:text-sm"
                data-testid="player-time"
              >
                {formatClock(currentTime)} / {formatClock(duration)}
              </p>

              <div className="ml-auto flex items-center gap-1">
                <CaptionsMenu tracks={subtitleTracks} active={subtitleTrack} onSelect={selectSubtitleTrack} />
                <SpeedMenu rate={rate} onSelect={applyRate} />
                <ControlButton
                  label={fullscreen ? 'Exit full screen' : 'Full screen'}
                  onClick={toggleFullscreen}
                >
                  {fullscreen ? <Minimize className="size-5" /> : <Maximize className="size-5" />}
                </ControlButton>
              </div>
            </div>
          </div>
        ) : null}
      </div>
    </FocusScope>
  );
}
