/**
 * What a member's doings say about their taste for a film: a weight per film, learned from their
 * viewing sessions and the ties they made in social (docs/recommendations.md, the weights and why).
 * Pure: the same sessions and ties always give the same weights, whatever order or how many times
 * their events arrived.
 */

/** The tie kinds social announces (social.member-tie-changed.v1), as stored in member_ties.kind. */
export const TIE_KINDS = [
  'rating',
  'like',
  'watchlist',
  'favorite',
  'creator-follow',
  'critic-follow',
] as const;
export type TieKind = (typeof TIE_KINDS)[number];

export const WEIGHTS = {
  /** A qualified view: they watched at least 30 s (or half of a short film). */
  view: 1,
  /** Watched to 90 %: on top of the view. */
  completed: 2,
  /** A rating of 7 or more: this much at 7, and `perPointAbove7` more per point above it. */
  likedRating: 2,
  perPointAbove7: 0.5,
  /** A rating of 5 or 6: watched, not loved. */
  middlingRating: 0.5,
  /** A rating of 4 or less replaces everything else the film earned: they disliked it. */
  dislikedRating: -3,
  like: 1.5,
  favorite: 2,
  /** Saved for later: wanted, not yet watched. */
  watchlist: 1,
} as const;

/** The highest rating that counts as a dislike, and the lowest that counts as liked. */
export const DISLIKED_AT_MOST = 4;
export const LIKED_AT_LEAST = 7;

/** A member's sessions of one film, summed: did any qualify as a view, did any reach 90 %. */
export interface FilmSessions {
  filmId: number;
  qualified: boolean;
  completed: boolean;
  lastAt: Date;
}

/** A film tie as it stands (value 0: undone). */
export interface FilmTie {
  kind: 'rating' | 'like' | 'watchlist' | 'favorite';
  filmId: number;
  value: number;
  changedAt: Date;
}

export interface TasteWeight {
  filmId: number;
  /** Positive: they liked it, the more the surer; negative: they disliked it. */
  weight: number;
  /** Finished or rated: "For you" never offers it to them again. */
  seen: boolean;
  /** Their latest doing with the film; recency is measured from it. */
  lastAt: Date;
}

function ratingWeight(rating: number): number {
  if (rating >= LIKED_AT_LEAST)
    return WEIGHTS.likedRating + (rating - LIKED_AT_LEAST) * WEIGHTS.perPointAbove7;
  if (rating > DISLIKED_AT_MOST) return WEIGHTS.middlingRating;
  return WEIGHTS.dislikedRating;
}

/** The member's weight for every film they did anything with, ordered by film id. */
export function tasteWeights(sessions: FilmSessions[], ties: FilmTie[]): TasteWeight[] {
  const films = new Map<number, { weight: number; seen: boolean; lastAt: Date; disliked: boolean }>();
  const entry = (filmId: number, at: Date) => {
    let current = films.get(filmId);
    if (!current) {
      current = { weight: 0, seen: false, lastAt: at, disliked: false };
      films.set(filmId, current);
    }
    if (at > current.lastAt) current.lastAt = at;
    return current;
  };
  for (const session of sessions) {
    if (!session.qualified && !session.completed) continue;
    const film = entry(session.filmId, session.lastAt);
    film.weight += WEIGHTS.view;
    if (session.completed) {
      film.weight += WEIGHTS.completed;
      film.seen = true;
    }
  }
  for (const tie of ties) {
    if (tie.value <= 0) continue;
    const film = entry(tie.filmId, tie.changedAt);
    if (tie.kind === 'rating') {
      film.seen = true;
      if (tie.value <= DISLIKED_AT_MOST) film.disliked = true;
      else film.weight += ratingWeight(tie.value);
    } else {
      film.weight += WEIGHTS[tie.kind];
    }
  }
  return [...films.entries()]
    .map(([filmId, film]) => ({
      filmId,
      weight: film.disliked ? WEIGHTS.dislikedRating : film.weight,
      seen: film.seen,
      lastAt: film.lastAt,
    }))
    .filter((film) => film.weight !== 0)
    .sort((a, b) => a.filmId - b.filmId);
}

/** The films whose weight differs between two of a member's weight lists, gained and lost ones included. */
export function movedFilms(before: TasteWeight[], after: TasteWeight[]): number[] {
  const was = new Map(before.map((w) => [w.filmId, w.weight]));
  const is = new Map(after.map((w) => [w.filmId, w.weight]));
  return [...new Set([...was.keys(), ...is.keys()])]
    .filter((filmId) => was.get(filmId) !== is.get(filmId))
    .sort((a, b) => a - b);
}
