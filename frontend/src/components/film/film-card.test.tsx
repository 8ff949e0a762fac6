import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { makeFilm, makePosterSources } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';

import { FilmCard, FilmCardSkeleton } from './film-card';
import { FilmCardLikeProvider } from './film-card-like';

const stars = () =>
  Array.from(screen.getByRole('img', { name: /^Rated/ }).querySelectorAll('[data-star]')).map((star) =>
    star.getAttribute('data-star'),
  );

describe('FilmCard', () => {
  it('shows the poster, title, genre, year, language, duration, creator, rating and views', () => {
    renderWithProviders(<FilmCard film={makeFilm()} />);
    const card = screen.getByTestId('film-card');

    expect(within(card).getByRole('heading', { name: 'Sombra Binaria' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Sombra Binaria' })).toHaveAttribute('href', '/film/3');
    expect(within(card).getByRole('link', { name: 'Watch Now: Sombra Binaria' })).toHaveAttribute(
      'href',
      '/film/3',
    );
    expect(within(card).getByText('Watch Now')).toBeInTheDocument();
    expect(within(card).getByText('12 min')).toBeInTheDocument();
    expect(within(card).getByText('Thriller')).toBeInTheDocument();
    expect(within(card).getByText('2025')).toBeInTheDocument();
    expect(within(card).getByText('Spanish')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Omar Haddad' })).toHaveAttribute('href', '/creator/4');
    expect(within(card).getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(within(card).getByText('3.5')).toBeInTheDocument();
    expect(within(card).getByText('1.2K views')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/films/3/poster.jpg');
    expect(card.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(within(card).queryByText('Featured')).not.toBeInTheDocument();
  });

  it("offers the poster's WebP variants for the slot it is shown in", () => {
    renderWithProviders(
      <FilmCard
        film={makeFilm({ posterSources: makePosterSources(3, [160, 240]) })}
        sizes="200px"
        priority
      />,
    );
    const source = screen.getByTestId('film-card').querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      '/media/films/3/poster-160.webp 160w, /media/films/3/poster-240.webp 240w',
    );
    expect(source).toHaveAttribute('sizes', '200px');
    const image = screen.getByTestId('film-card').querySelector('img');
    expect(image).toHaveAttribute('src', '/media/films/3/poster.jpg');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it("is stood in for while loading by a skeleton of its size: the 2:3 poster and a box per line at the line's height", () => {
    renderWithProviders(<FilmCardSkeleton />);
    const skeleton = screen.getByTestId('film-card-skeleton');
    const [poster, lines] = [...skeleton.children];
    expect(poster).toHaveClass('aspect-[2/3]', 'w-full');
    // The card's title (text-sm, 20 px), genre and creator lines (text-xs, 16 px) and rating row (pt-1 + 16 px), gap-1 apart after mt-3.
    expect(lines).toHaveClass('mt-3', 'flex', 'flex-col', 'gap-1');
    expect([...lines!.children].map((line) => line.className.match(/\bh-\d+\b/)?.[0])).toEqual([
      'h-5',
      'h-4',
      'h-4',
      'h-5',
    ]);
  });

  it('shows the Featured badge on featured films', () => {
    renderWithProviders(<FilmCard film={makeFilm({ isFeatured: true })} />);
    expect(screen.getByText('Featured')).toBeInTheDocument();
  });

  it.each([
    ['7.0', 3.5, ['full', 'full', 'full', 'half', 'empty']],
    ['9.0', 4.5, ['full', 'full', 'full', 'full', 'half']],
    ['10.0', 5, ['full', 'full', 'full', 'full', 'full']],
    ['7.4', 3.5, ['full', 'full', 'full', 'half', 'empty']],
    ['7.6', 4, ['full', 'full', 'full', 'full', 'empty']],
    ['1.0', 0.5, ['half', 'empty', 'empty', 'empty', 'empty']],
    ['0.0', 0, ['empty', 'empty', 'empty', 'empty', 'empty']],
  ])('rates %s out of 10 as %s stars out of 5', (rating, outOfFive, expected) => {
    renderWithProviders(<FilmCard film={makeFilm({ rating })} />);

    expect(screen.getByRole('img', { name: `Rated ${outOfFive} out of 5` })).toBeInTheDocument();
    expect(stars()).toEqual(expected);
  });

  it('shows the generated tile with the title when there is no poster', () => {
    renderWithProviders(<FilmCard film={makeFilm({ posterUrl: null })} />);

    const card = screen.getByTestId('film-card');
    expect(card.querySelector('img')).toBeNull();
    expect(within(screen.getByTestId('poster-fallback')).getByText('Sombra Binaria')).toBeInTheDocument();
  });

  it('falls back to the generated tile when the poster fails to load', () => {
    renderWithProviders(<FilmCard film={makeFilm()} />);
    const image = screen.getByTestId('film-card').querySelector('img');
    expect(image).not.toBeNull();
    expect(screen.queryByTestId('poster-fallback')).not.toBeInTheDocument();

    fireEvent.error(image!);

    expect(screen.getByTestId('film-card').querySelector('img')).toBeNull();
    expect(screen.getByTestId('poster-fallback')).toHaveTextContent('Sombra Binaria');
  });

  it('has no like control of its own', () => {
    renderWithProviders(<FilmCard film={makeFilm()} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the like control the app provides, for its own film', () => {
    const render = vi.fn((film: { id: number; title: string }) => (
      <button type="button">{`Like ${film.title} (${film.id})`}</button>
    ));
    renderWithProviders(
      <FilmCardLikeProvider render={render}>
        <FilmCard film={makeFilm()} />
        <FilmCard film={makeFilm({ id: 1, title: 'Nebula Dreams' })} />
      </FilmCardLikeProvider>,
    );

    expect(screen.getByRole('button', { name: 'Like Sombra Binaria (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like Nebula Dreams (1)' })).toBeInTheDocument();
  });
});
