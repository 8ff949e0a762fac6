import { useState, type CSSProperties } from 'react';

import { cn } from '@/lib/utils';
import type { PosterSource } from '@/lib/api/types';
import { posterSrcSets } from '@/lib/poster-preload';

import { POSTER_SIZES } from './poster-sizes';

/** The poster JPEG's own size (catalog-worker draws 720×1080): the `<img>`'s width and height. */
const POSTER_WIDTH = 720;
const POSTER_HEIGHT = 1080;

export { POSTER_SIZES };

/** The narrowest source at least `width` pixels wide, else the widest (for blurred backdrops). */
export function posterSourceNear(
  sources: readonly PosterSource[] | undefined,
  width: number,
): PosterSource | undefined {
  if (!sources || sources.length === 0) return undefined;
  const sorted = [...sources].sort((a, b) => a.width - b.width);
  return sorted.find((source) => source.width >= width) ?? sorted[sorted.length - 1];
}

type PosterImageProps = {
  /** The JPEG: what the `<img>` loads when no source fits (or the browser has no WebP). */
  posterUrl: string;
  /** Other formats and widths of the poster (the film's posterSources). */
  sources?: readonly PosterSource[];
  /** How wide the image is shown (a `sizes` value); picks among the sources' widths. */
  sizes?: string;
  alt?: string;
  className?: string;
  /** Load at once (above the fold) instead of lazily. */
  eager?: boolean;
  /** The page's largest image (its LCP): fetched first. Implies eager. */
  priority?: boolean;
  onError?: () => void;
};

/**
 * A poster image: a `<picture>` with one `<source>` per format of `sources` (a `srcset` of its
 * widths) and the JPEG as its `<img>`, sized 2:3 so the box is known before it loads. The
 * `<picture>` takes no box of its own: the `<img>` is laid out as the parent's child.
 */
export function PosterImage({
  posterUrl,
  sources = [],
  sizes,
  alt = '',
  className,
  eager = false,
  priority = false,
  onError,
}: PosterImageProps) {
  return (
    <picture className="contents">
      {posterSrcSets(sources).map(([type, srcSet]) => (
        <source key={type} type={type} srcSet={srcSet} sizes={sizes} />
      ))}
      <img
        src={posterUrl}
        alt={alt}
        width={POSTER_WIDTH}
        height={POSTER_HEIGHT}
        loading={eager || priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
        onError={onError}
        className={className}
      />
    </picture>
  );
}

type PosterOf = Pick<FilmPosterProps, 'title' | 'posterUrl' | 'posterSources'>;

/** A film's poster props (its title for the fallback tile, the image and its variants): `<FilmPoster {...posterOf(film)} />`. */
export const posterOf = ({ title, posterUrl, posterSources }: PosterOf): PosterOf => ({
  title,
  posterUrl,
  posterSources,
});

type FilmPosterProps = {
  title: string;
  posterUrl: string | null;
  /** The poster's WebP variants (the film's posterSources); without them the JPEG alone. */
  posterSources?: readonly PosterSource[];
  /** How wide the poster is shown ({@link POSTER_SIZES}); the home carousel's card by default. */
  sizes?: string;
  /** The image's text alternative; empty when the title is shown beside it. */
  alt?: string;
  /** Sizing and aspect ratio of the frame (a 2:3 poster by default). */
  className?: string;
  /** Above-the-fold images load at once; everything else lazily. */
  eager?: boolean;
  /** The page's largest image: eager and fetched with high priority. */
  priority?: boolean;
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
 * A film's poster in a fixed-ratio frame (no layout shift while it loads), lazily loaded unless
 * `eager`, in WebP at the width shown where the film has variants, with the generated fallback
 * tile when there is no poster or the image fails.
 */
export function FilmPoster({
  title,
  posterUrl,
  posterSources,
  sizes = POSTER_SIZES.carousel,
  alt = '',
  className,
  eager = false,
  priority = false,
}: FilmPosterProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(posterUrl) && failedSrc !== posterUrl;

  return (
    <div
      data-testid="poster-frame"
      className={cn('relative aspect-[2/3] overflow-hidden bg-surface-raised', className)}
    >
      {showImage && posterUrl ? (
        <PosterImage
          posterUrl={posterUrl}
          sources={posterSources}
          sizes={sizes}
          alt={alt}
          eager={eager}
          priority={priority}
          onError={() => setFailedSrc(posterUrl)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <PosterFallback title={title} />
      )}
    </div>
  );
}
