/**
 * Demo viewers' tastes (docs/recommendations.md, demo traffic): each demo member likes one or two
 * genres and one creator, and picks what they watch from that taste most of the time, the rest
 * from the whole catalogue by its popularity (noise). Deterministic for a given random stream, so
 * the demo traffic and `bench/recommend` see the same kind of viewers.
 */

export interface TasteFilm {
  id: number;
  genre: string;
  creatorId: number;
}

export interface Taste {
  genres: string[];
  creatorId: number;
}

/** How often a member's pick comes from their taste; the rest is noise. */
export const TASTE_SHARE = 0.8;

/** A member's taste: one or two of the catalogue's genres and one creator of those genres, drawn from `next`. */
export function tasteOf(films: TasteFilm[], next: () => number): Taste {
  const genres = [...new Set(films.map((film) => film.genre))].sort();
  const first = genres[Math.floor(next() * genres.length)]!;
  const second = next() < 0.5 ? genres[Math.floor(next() * genres.length)]! : first;
  const liked = [...new Set([first, second])];
  const theirs = films.filter((film) => liked.includes(film.genre));
  return { genres: liked, creatorId: theirs[Math.floor(next() * theirs.length)]!.creatorId };
}

/**
 * The film a viewer plays: from their taste (its genres or its creator) with TASTE_SHARE, else
 * by popularity, which falls with the film's place in `films`. A visitor (no taste) always picks by
 * popularity.
 */
export function pickFilm<F extends TasteFilm>(films: F[], taste: Taste | null, next: () => number): F {
  if (taste && next() < TASTE_SHARE) {
    const theirs = films.filter(
      (film) => taste.genres.includes(film.genre) || film.creatorId === taste.creatorId,
    );
    if (theirs.length > 0) return theirs[Math.floor(theirs.length * next() ** 1.3)]!;
  }
  return films[Math.floor(films.length * next() ** 1.6)]!;
}
