/**
 * Item-to-item similarity (docs/recommendations.md): films are alike when the same members liked
 * both. Cosine over the members' positive weights divides by each film's own popularity, so a small
 * film's neighbours are not simply the platform's hits; a shrinkage term discounts pairs seen
 * together by only a few members. Where co-watching says too little, the creator's other films and
 * then the genre's fill the list. Pure and deterministic: ties break by film id.
 */

/** The nearest films kept per film. */
export const NEIGHBOURS_KEPT = 20;
/** Pairs seen together by n members count n / (n + SHRINKAGE) of their cosine. */
export const SHRINKAGE = 2;

export type Basis = 'co-watched' | 'creator' | 'genre';

export interface Neighbour {
  neighbourId: number;
  /** The damped cosine for co-watched neighbours; 0 for the fallbacks, which rank after them. */
  score: number;
  basis: Basis;
}

/** Another film as the similarity sees it: published, with its creator, genre and recent views. */
export interface CatalogueFilm {
  id: number;
  creatorId: number;
  genre: string;
  /** Qualified views of the last weeks: orders the fallbacks. */
  popularity: number;
}

/** One other film liked by members who liked this one: Σ of the weight products, and how many. */
export interface CoOccurrence {
  filmId: number;
  dot: number;
  together: number;
}

const byPopularity = (a: CatalogueFilm, b: CatalogueFilm) => b.popularity - a.popularity || a.id - b.id;

/**
 * A film's nearest films: co-watched ones by damped cosine, then the creator's other films, then the
 * genre's, each by popularity; only films of the catalogue (published), never the film itself.
 * `norms` holds √Σ weight² per film over the members who liked it.
 */
export function neighboursOf(
  film: CatalogueFilm,
  together: CoOccurrence[],
  norms: ReadonlyMap<number, number>,
  catalogue: readonly CatalogueFilm[],
  kept = NEIGHBOURS_KEPT,
): Neighbour[] {
  const published = new Set(catalogue.map((other) => other.id));
  const own = norms.get(film.id) ?? 0;
  const coWatched: Neighbour[] = [];
  if (own > 0) {
    for (const pair of together) {
      const other = norms.get(pair.filmId) ?? 0;
      if (pair.filmId === film.id || !published.has(pair.filmId) || other <= 0 || pair.dot <= 0) continue;
      const score = (pair.dot / (own * other)) * (pair.together / (pair.together + SHRINKAGE));
      coWatched.push({ neighbourId: pair.filmId, score, basis: 'co-watched' });
    }
  }
  coWatched.sort((a, b) => b.score - a.score || a.neighbourId - b.neighbourId);
  const chosen = coWatched.slice(0, kept);
  const taken = new Set([film.id, ...chosen.map((n) => n.neighbourId)]);
  const others = [...catalogue].sort(byPopularity);
  for (const [basis, alike] of [
    ['creator', (other: CatalogueFilm) => other.creatorId === film.creatorId],
    ['genre', (other: CatalogueFilm) => other.genre === film.genre],
  ] as const) {
    for (const other of others) {
      if (chosen.length >= kept) return chosen;
      if (taken.has(other.id) || !alike(other)) continue;
      taken.add(other.id);
      chosen.push({ neighbourId: other.id, score: 0, basis });
    }
  }
  return chosen;
}
