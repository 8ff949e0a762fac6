import type { PosterSource } from '@/lib/api/types';

/** One `srcset` per image type of a poster's sources (`url 320w, ...`), in the order they come. */
export function posterSrcSets(sources: readonly PosterSource[]): [type: string, srcSet: string][] {
  const byType = new Map<string, PosterSource[]>();
  for (const source of sources) byType.set(source.type, [...(byType.get(source.type) ?? []), source]);
  return [...byType].map(([type, list]) => [
    type,
    list.map((source) => `${source.url} ${source.width}w`).join(', '),
  ]);
}

/**
 * Fetches, at high priority, the poster a `<PosterImage sizes={sizes}>` of it will show (the same
 * choice among the same sources), so a page's largest image loads while the page's code is still
 * on its way; the image then comes from the browser's cache.
 */
export function preloadPoster(posterUrl: string, sources: readonly PosterSource[], sizes: string) {
  const link = document.createElement('link');
  const [first] = posterSrcSets(sources);
  const attributes: Record<string, string> = {
    rel: 'preload',
    as: 'image',
    fetchpriority: 'high',
    ...(first ? { type: first[0], imagesrcset: first[1], imagesizes: sizes } : { href: posterUrl }),
  };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}
