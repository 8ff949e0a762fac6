import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makePosterSources } from '@/testing/fixtures';

import { FilmPoster, POSTER_SIZES, PosterImage, posterSourceNear } from './film-poster';

const picture = () => document.querySelector('picture')!;
const webp = () => picture().querySelector('source[type="image/webp"]');

describe('FilmPoster', () => {
  it('offers the WebP variants as a srcset sized to the slot, with the JPEG as the image', () => {
    render(
      <FilmPoster
        title="Rule 110"
        posterUrl="/media/films/5/poster.jpg"
        posterSources={makePosterSources(5)}
        sizes={POSTER_SIZES.filmPage}
        alt="Rule 110 poster"
      />,
    );

    expect(webp()).toHaveAttribute(
      'srcset',
      [160, 240, 320, 480, 720].map((width) => `/media/films/5/poster-${width}.webp ${width}w`).join(', '),
    );
    expect(webp()).toHaveAttribute('sizes', '(min-width: 1024px) 288px, (min-width: 768px) 256px, 192px');
    const image = screen.getByRole('img', { name: 'Rule 110 poster' });
    expect(image.parentElement).toBe(picture());
    expect(image).toHaveAttribute('src', '/media/films/5/poster.jpg');
    // Its intrinsic 2:3 size, in a 2:3 frame: the box is known before a byte arrives.
    expect(image).toHaveAttribute('width', '720');
    expect(image).toHaveAttribute('height', '1080');
    expect(screen.getByTestId('poster-frame')).toHaveClass('aspect-[2/3]');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it("a film transcoded before the variants shows its JPEG alone, in a home card's slot by default", () => {
    render(<FilmPoster title="Rule 110" posterUrl="/media/films/5/poster.jpg" posterSources={[]} />);

    expect(picture().querySelector('source')).toBeNull();
    expect(document.querySelector('img')).toHaveAttribute('src', '/media/films/5/poster.jpg');
    expect(POSTER_SIZES.carousel).toBe('(min-width: 1024px) 176px, (min-width: 640px) 160px, 144px');
  });

  it('loads eagerly when asked, and first of all when it is the largest image of the page', () => {
    const { rerender } = render(<FilmPoster title="Rule 110" posterUrl="/p.jpg" eager />);
    expect(document.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(document.querySelector('img')).not.toHaveAttribute('fetchpriority');

    rerender(<FilmPoster title="Rule 110" posterUrl="/p.jpg" priority />);
    expect(document.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(document.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the generated tile in the same frame without a poster or when the image fails', () => {
    const { rerender } = render(<FilmPoster title="Rule 110" posterUrl={null} />);
    expect(screen.getByTestId('poster-frame')).toContainElement(screen.getByTestId('poster-fallback'));
    expect(document.querySelector('img')).toBeNull();

    rerender(<FilmPoster title="Rule 110" posterUrl="/p.jpg" posterSources={makePosterSources(5)} />);
    fireEvent.error(document.querySelector('img')!);
    expect(document.querySelector('picture')).toBeNull();
    expect(screen.getByTestId('poster-fallback')).toHaveTextContent('Rule 110');
  });
});

describe('PosterImage', () => {
  it('groups the sources by type, one <source> each', () => {
    render(
      <PosterImage
        posterUrl="/p.jpg"
        sources={[
          { url: '/a-160.avif', width: 160, height: 240, type: 'image/avif' },
          ...makePosterSources(1, [160, 320]),
          { url: '/a-320.avif', width: 320, height: 480, type: 'image/avif' },
        ]}
        sizes="64px"
      />,
    );
    const sources = [...picture().querySelectorAll('source')];
    expect(sources.map((source) => [source.type, source.srcset, source.sizes])).toEqual([
      ['image/avif', '/a-160.avif 160w, /a-320.avif 320w', '64px'],
      ['image/webp', '/media/films/1/poster-160.webp 160w, /media/films/1/poster-320.webp 320w', '64px'],
    ]);
  });
});

describe('posterSourceNear', () => {
  it('picks the narrowest source at least that wide, else the widest, else none', () => {
    const sources = makePosterSources(1, [480, 160, 320]);
    expect(posterSourceNear(sources, 160)?.width).toBe(160);
    expect(posterSourceNear(sources, 200)?.width).toBe(320);
    expect(posterSourceNear(sources, 1000)?.width).toBe(480);
    expect(posterSourceNear([], 160)).toBeUndefined();
    expect(posterSourceNear(undefined, 160)).toBeUndefined();
  });
});
