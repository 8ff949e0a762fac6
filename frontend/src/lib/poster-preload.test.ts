import { afterEach, describe, expect, it } from 'vitest';

import { posterSrcSets, preloadPoster } from './poster-preload';

const sources = [
  { url: '/media/films/8/poster-320.webp', width: 320, height: 480, type: 'image/webp' },
  { url: '/media/films/8/poster-720.webp', width: 720, height: 1080, type: 'image/webp' },
];

describe('poster preload', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel=preload]')) link.remove();
  });

  it('writes one srcset per image type, as the poster <picture> does', () => {
    expect(posterSrcSets(sources)).toEqual([
      ['image/webp', '/media/films/8/poster-320.webp 320w, /media/films/8/poster-720.webp 720w'],
    ]);
  });

  it('preloads the variant the picture will choose, at high priority', () => {
    preloadPoster('/media/films/8/poster.jpg', sources, '100vw');

    const link = document.head.querySelector<HTMLLinkElement>('link[rel=preload]')!;
    expect(link.getAttribute('as')).toBe('image');
    expect(link.getAttribute('type')).toBe('image/webp');
    expect(link.getAttribute('imagesrcset')).toBe(
      '/media/films/8/poster-320.webp 320w, /media/films/8/poster-720.webp 720w',
    );
    expect(link.getAttribute('imagesizes')).toBe('100vw');
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });

  it('preloads the JPEG of a poster without variants', () => {
    preloadPoster('/media/films/8/poster.jpg', [], '100vw');

    expect(document.head.querySelector('link[rel=preload]')).toHaveAttribute(
      'href',
      '/media/films/8/poster.jpg',
    );
  });
});
