import { ExternalLink, SkipForward, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AD_SKIP_AFTER_MS } from '@/config/constants';
import type { SelectedAd } from '@/lib/api/types';

import type { AdBreakHandlers } from '../hooks/use-ad-breaks';
import { useHlsSource } from '../hooks/use-hls-source';

type AdOverlayProps = {
  ad: SelectedAd;
  /** The film's sound: the ad starts as loud (or as muted) as the film was. */
  volume: number;
  muted: boolean;
} & AdBreakHandlers;

const QUARTILES = [
  { fraction: 0.25, event: 'first_quartile' },
  { fraction: 0.5, event: 'midpoint' },
  { fraction: 0.75, event: 'third_quartile' },
] as const;

/** Where the ad is, in seconds; its length from the stream once known, else the ad's own. */
const lengthOf = (video: HTMLVideoElement, ad: SelectedAd) =>
  Number.isFinite(video.duration) && video.duration > 0 ? video.duration : ad.duration;

/**
 * An ad break's ad over the held film (docs/playback-and-media.md#ad-breaks): its own video (HLS,
 * like the film), an "Advertisement" label with the seconds left, the ad's title, description and
 * advertiser, Learn More (the click URL in a new tab, counted as a click) and Skip Ad, available
 * AD_SKIP_AFTER_MS after the ad started. It reports the start, quartiles, end, skip and click.
 */
export function AdOverlay({ ad, volume, muted: filmMuted, ...handlers }: AdOverlayProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [remaining, setRemaining] = useState(Math.ceil(ad.duration));
  const [muted, setMuted] = useState(filmMuted);
  /** Events already reported: each once, whatever the video's events repeat. */
  const reported = useRef(new Set<string>());
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  const { attachCount } = useHlsSource(videoRef, ad.videoUrl, {
    onFatalError: (reason) => handlersRef.current.onError(reason),
    autoPlay: false,
  });

  // The ad starts once attached. A browser that refuses to start it with sound (no recent click)
  // gets it muted; refused even so, the ad has failed and the film goes on.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || attachCount === 0) return;
    const refused = (error: unknown) => error instanceof DOMException && error.name === 'NotAllowedError';
    const play = async () => {
      try {
        await video.play();
      } catch (error) {
        if (!refused(error)) return;
        video.muted = true;
        setMuted(true);
        try {
          await video.play();
        } catch (again) {
          if (refused(again)) handlersRef.current.onError('the browser refused to play the ad');
        }
      }
    };
    void play();
  }, [attachCount]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = volume;
  }, [volume]);
  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  // Skip Ad counts down from the start, in wall-clock time.
  const skippable = startedAt !== null && now - startedAt >= AD_SKIP_AFTER_MS;
  useEffect(() => {
    if (startedAt === null || skippable) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [startedAt, skippable]);
  const skipIn =
    startedAt === null ? AD_SKIP_AFTER_MS / 1000 : Math.ceil((AD_SKIP_AFTER_MS - (now - startedAt)) / 1000);

  const played = () => videoRef.current?.currentTime ?? 0;

  const onPlaying = () => {
    if (reported.current.has('start')) return;
    reported.current.add('start');
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
    handlersRef.current.onStart();
  };

  const reportQuartiles = (fraction: number) => {
    for (const quartile of QUARTILES) {
      if (fraction >= quartile.fraction && !reported.current.has(quartile.event)) {
        reported.current.add(quartile.event);
        handlersRef.current.onQuartile(quartile.event);
      }
    }
  };

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video || startedAt === null) return;
    const length = lengthOf(video, ad);
    setRemaining(Math.max(0, Math.ceil(length - video.currentTime)));
    if (length > 0) reportQuartiles(video.currentTime / length);
  };

  const onEnded = () => {
    if (reported.current.has('complete')) return;
    const video = videoRef.current;
    reportQuartiles(1);
    reported.current.add('complete');
    handlersRef.current.onComplete(video ? lengthOf(video, ad) : ad.duration);
  };

  const learnMore = () => {
    window.open(ad.clickUrl, '_blank', 'noopener,noreferrer');
    handlersRef.current.onClick();
  };

  return (
    <div
      data-testid="ad-overlay"
      role="region"
      aria-label="Advertisement"
      className="absolute inset-0 bg-black"
    >
      <video
        ref={videoRef}
        data-testid="ad-video"
        playsInline
        preload="auto"
        onPlaying={onPlaying}
        onTimeUpdate={onTimeUpdate}
        onEnded={onEnded}
        className="size-full bg-black object-contain"
      />
      {startedAt === null ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner label="Loading ad" />
        </div>
      ) : null}

      <div className="absolute inset-x-0 bottom-0 flex flex-wrap items-end justify-between gap-4 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-4 pt-20 pb-6 md:px-8">
        <div className="max-w-xl min-w-0">
          <p className="flex items-center gap-2 text-xs font-semibold">
            <span className="rounded bg-amber-400 px-1.5 py-0.5 tracking-wide text-black uppercase">
              Advertisement
            </span>
            <span data-testid="ad-countdown" className="text-white/80 tabular-nums">
              {remaining}s
            </span>
            <span className="truncate text-white/70">· {ad.advertiserName}</span>
          </p>
          <p className="mt-2 truncate text-lg font-bold">{ad.title}</p>
          {ad.description ? (
            <p className="mt-1 line-clamp-2 text-sm text-white/75">{ad.description}</p>
          ) : null}
          <div className="mt-3 flex items-center gap-2">
            <Button size="sm" onClick={learnMore}>
              Learn More
              <ExternalLink className="size-4" aria-hidden="true" />
            </Button>
            <button
              type="button"
              aria-label={muted ? 'Unmute ad' : 'Mute ad'}
              title={muted ? 'Unmute ad' : 'Mute ad'}
              onClick={() => setMuted((value) => !value)}
              className="inline-flex size-9 items-center justify-center rounded-full text-white/90 hover:bg-white/15"
            >
              {muted ? <VolumeX className="size-5" /> : <Volume2 className="size-5" />}
            </button>
          </div>
        </div>
        <Button
          variant="outline"
          disabled={!skippable}
          onClick={() => handlersRef.current.onSkip(played())}
          className="bg-black/60 backdrop-blur"
        >
          {skippable ? 'Skip Ad' : `Skip Ad in ${Math.max(1, skipIn)}`}
          <SkipForward className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
