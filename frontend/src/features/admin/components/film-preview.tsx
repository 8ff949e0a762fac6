import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Attaches the HLS playlist `src` to `video`: the browser's own player where it plays HLS and has no
 * Media Source Extensions (Safari on iOS), else hls.js (light build, loaded on demand). Returns a
 * detach function.
 */
function attachHls(video: HTMLVideoElement, src: string, onError: (message: string) => void): () => void {
  const hasMse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  if (video.canPlayType(HLS_MIME) && !hasMse) {
    video.src = src;
    return () => video.removeAttribute('src');
  }
  let destroy = () => {};
  let cancelled = false;
  import('hls.js/light')
    .then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        onError('This browser cannot play streaming video.');
        return;
      }
      const hls = new Hls({ capLevelToPlayerSize: true });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        hls.destroy();
        onError('The video stream could not be loaded.');
      });
      hls.loadSource(src);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
    })
    .catch(() => onError('The video player could not be loaded.'));
  return () => {
    cancelled = true;
    destroy();
  };
}

/**
 * A moderator's preview of a pending film: the poster with a Preview button, then a plain video
 * player with native controls. Nothing is fetched until Preview is pressed.
 */
export function FilmPreview({
  title,
  videoUrl,
  posterUrl,
}: {
  title: string;
  videoUrl: string | null;
  posterUrl: string | null;
}) {
  const [started, setStarted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!started || !video || !videoUrl) return;
    return attachHls(video, videoUrl, setError);
  }, [started, videoUrl]);

  if (!videoUrl) {
    return <p className="text-sm text-fg-subtle">No video to preview yet.</p>;
  }
  if (!started) {
    return (
      <div className="relative aspect-video overflow-hidden rounded-xl bg-black/60">
        {posterUrl ? <img src={posterUrl} alt="" className="size-full object-cover opacity-60" /> : null}
        <Button
          variant="secondary"
          className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2"
          aria-label={`Preview ${title}`}
          onClick={() => setStarted(true)}
        >
          <Play className="size-4 fill-current" aria-hidden="true" />
          Preview
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <video
        ref={videoRef}
        aria-label={`Preview of ${title}`}
        controls
        autoPlay
        playsInline
        poster={posterUrl ?? undefined}
        className="aspect-video w-full rounded-xl bg-black"
      />
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
