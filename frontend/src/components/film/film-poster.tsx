import { useState, type CSSProperties } from 'react';

import { cn } from '@/lib/utils';

type FilmPosterProps = {
  title: string;
  posterUrl: string | null;
  /** The image's text alternative; empty when the title is shown beside it. */
  alt?: string;
  /** Sizing and aspect ratio of the frame (a 2:3 poster by default). */
  className?: string;
  /** Above-the-fold images load at once; everything else lazily. */
  eager?: boolean;
};

/** A stable hash of the title, so each film keeps its own generated colours. */
function hashTitle(title: string): number {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash;
}

/** The generated tile's colours: two hues derived from the title. */
export function fallbackArt(title: string): CSSProperties {
  const hash = hashTitle(title);
  const hue = hash % 360;
  const second = (hue + 40 + ((hash >> 9) % 80)) % 360;
  return {
    backgroundImage: [
      `radial-gradient(circle at ${20 + (hash % 60)}% ${15 + ((hash >> 4) % 40)}%, hsl(${second} 85% 60% / 0.55), transparent 55%)`,
      `linear-gradient(160deg, hsl(${hue} 60% 32%), hsl(${(hue + 200) % 360} 55% 9%))`,
    ].join(', '),
  };
}

/** The generated tile shown when a film has no poster or its poster fails to load. */
export function PosterFallback({ title, className }: { title: string; className?: string }) {
  return (
    <div
      data-testid="poster-fallback"
      style={fallbackArt(title)}
      className={cn('absolute inset-0 flex items-end p-3', className)}
    >
      <span className="line-clamp-3 text-sm leading-tight font-black tracking-tight text-balance text-white/90 uppercase drop-shadow-md">
        {title}
      </span>
    </div>
  );
}

/**
 * A film's poster in a fixed-ratio frame (no layout shift while it loads), lazily loaded, with the
 * generated fallback tile when there is no poster or the image fails.
 */
export function FilmPoster({ title, posterUrl, alt = '', className, eager = false }: FilmPosterProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(posterUrl) && failedSrc !== posterUrl;

  return (
    <div className={cn('relative aspect-[2/3] overflow-hidden bg-surface-raised', className)}>
      {showImage && posterUrl ? (
        <img
          src={posterUrl}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedSrc(posterUrl)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <PosterFallback title={title} />
      )}
    </div>
  );
}
