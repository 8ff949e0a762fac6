import type { Basis, Neighbour } from './similarity';
import type { TasteWeight } from './taste';

/**
 * The home page's rows (docs/recommendations.md). A member's: "For you" from their recent history,
 * "Because you watched …" for their latest films, and what the critics they follow rated highly.
 * Everyone else's: what is watched most in each genre this week. Pure: the same weights, neighbours
 * and views give the same rows.
 */

/** The home page's row kinds, in the order the API documents them. */
export const HOME_ROW_KINDS = [
  'for-you',
  'because-you-watched',
  'critics-you-follow',
  'trending-in-genre',
] as const;
export type RowKind = (typeof HOME_ROW_KINDS)[number];

/** A row as stored and served: what it is, why it is there, and its films in order. */
export interface Row {
  kind: RowKind;
  /** Unique among a page's rows, stable across recomputes: e.g. "for-you", "because:12", "trending:Drama". */
  key: string;
  title: string;
  reason: string;
  filmIds: number[];
}

export const ROW_LENGTH = 20;
export const BECAUSE_ROWS = 2;
/** A "Because you watched" row needs this many films to be shown. */
export const BECAUSE_AT_LEAST = 2;
/** A history film's pull halves every this many days before the member's latest doing. */
export const HALF_LIFE_DAYS = 30;
/** How much a creator's and a genre's other film count in "For you", against a co-watched one's cosine. */
export const FALLBACK_SIMILARITY = { creator: 0.1, genre: 0.05 } as const;
/** Extra pull of a followed creator's film and of a followed critic's pick, against the strongest anchor. */
export const FOLLOWED_CREATOR_BOOST = 0.25;
export const CRITIC_PICK_BOOST = 0.15;

const DAY_MS = 86_400_000;

export interface MemberModel {
  history: TasteWeight[];
  neighbours: ReadonlyMap<number, Neighbour[]>;
  /** The published catalogue: each film's creator and title. */
  films: ReadonlyMap<number, { creatorId: number; title: string }>;
  followedCreators: ReadonlySet<number>;
  /** Films rated 7+ by critics they follow, best first. */
  criticPicks: readonly number[];
}

const similarityOf = (n: Neighbour) => (n.basis === 'co-watched' ? n.score : FALLBACK_SIMILARITY[n.basis]);

/** Each positive history film's pull: its weight, halved per HALF_LIFE_DAYS before the latest doing. */
function anchors(history: TasteWeight[]): Array<{ film: TasteWeight; pull: number }> {
  const latest = Math.max(...history.map((film) => film.lastAt.getTime()));
  return history.map((film) => ({
    film,
    pull: film.weight * 0.5 ** ((latest - film.lastAt.getTime()) / DAY_MS / HALF_LIFE_DAYS),
  }));
}

/** What is never offered again: finished, rated, or disliked (bench/recommend's baselines leave out the same). */
export const excludedOf = (history: TasteWeight[]): Set<number> =>
  new Set(history.filter((film) => film.seen || film.weight < 0).map((film) => film.filmId));

export function forYou(model: MemberModel): number[] {
  const { history, neighbours, films, followedCreators, criticPicks } = model;
  if (!history.some((film) => film.weight > 0)) return [];
  const excluded = excludedOf(history);
  const scores = new Map<number, number>();
  const add = (filmId: number, value: number) => scores.set(filmId, (scores.get(filmId) ?? 0) + value);
  const pulls = anchors(history);
  for (const { film, pull } of pulls) {
    for (const neighbour of neighbours.get(film.filmId) ?? [])
      add(neighbour.neighbourId, pull * similarityOf(neighbour));
  }
  const strongest = Math.max(...pulls.map((a) => a.pull));
  for (const [filmId, film] of films) {
    if (followedCreators.has(film.creatorId)) add(filmId, FOLLOWED_CREATOR_BOOST * strongest);
  }
  for (const filmId of criticPicks) if (films.has(filmId)) add(filmId, CRITIC_PICK_BOOST * strongest);
  return [...scores.entries()]
    .filter(([filmId, score]) => score > 0 && !excluded.has(filmId) && films.has(filmId))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, ROW_LENGTH)
    .map(([filmId]) => filmId);
}

const REASONS: Record<Basis, (title: string) => string> = {
  'co-watched': (title) => `Members who watched ${title} also watched these`,
  creator: (title) => `From the creator of ${title}, and its genre`,
  genre: (title) => `In the genre of ${title}`,
};

/** "Because you watched X" for the latest films they liked whose neighbours they have not seen. */
export function becauseYouWatched(model: MemberModel): Row[] {
  const excluded = excludedOf(model.history);
  const latestFirst = model.history
    .filter((film) => film.weight > 0 && model.films.has(film.filmId))
    .sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime() || b.weight - a.weight || a.filmId - b.filmId);
  const rows: Row[] = [];
  for (const anchor of latestFirst) {
    if (rows.length >= BECAUSE_ROWS) break;
    const picks = (model.neighbours.get(anchor.filmId) ?? []).filter(
      (n) =>
        !excluded.has(n.neighbourId) && n.neighbourId !== anchor.filmId && model.films.has(n.neighbourId),
    );
    if (picks.length < BECAUSE_AT_LEAST) continue;
    const title = model.films.get(anchor.filmId)!.title;
    const row = picks.slice(0, ROW_LENGTH);
    rows.push({
      kind: 'because-you-watched',
      key: `because:${anchor.filmId}`,
      title: `Because you watched ${title}`,
      reason: REASONS[row[0]!.basis](title),
      filmIds: row.map((n) => n.neighbourId),
    });
  }
  return rows;
}

/** Every row of a member, in the order the home page shows them; empty rows left out. */
export function memberRows(model: MemberModel): Row[] {
  const rows: Row[] = [];
  const mine = forYou(model);
  if (mine.length > 0) {
    rows.push({
      kind: 'for-you',
      key: 'for-you',
      title: 'For you',
      reason: 'Picked from what you watched, rated, liked and saved lately',
      filmIds: mine,
    });
  }
  rows.push(...becauseYouWatched(model));
  const excluded = excludedOf(model.history);
  const picks = model.criticPicks
    .filter((id) => !excluded.has(id) && model.films.has(id))
    .slice(0, ROW_LENGTH);
  if (picks.length > 0) {
    rows.push({
      kind: 'critics-you-follow',
      key: 'critics',
      title: 'Rated highly by critics you follow',
      reason: 'Rated 7 or more out of 10 by critics you follow',
      filmIds: picks,
    });
  }
  return rows;
}

export const TRENDING_GENRES = 4;
/** A genre gets a trending row once this many of its films were watched this week. */
export const TRENDING_AT_LEAST = 2;

/** Visitors' and new members' rows: each genre's most watched films of the week, busiest genres first. */
export function trendingRows(films: ReadonlyArray<{ id: number; genre: string; views: number }>): Row[] {
  const genres = new Map<string, Array<{ id: number; views: number }>>();
  for (const film of films) {
    if (film.views <= 0) continue;
    genres.set(film.genre, [...(genres.get(film.genre) ?? []), film]);
  }
  const total = (list: Array<{ views: number }>) => list.reduce((sum, film) => sum + film.views, 0);
  return [...genres.entries()]
    .filter(([, list]) => list.length >= TRENDING_AT_LEAST)
    .sort((a, b) => total(b[1]) - total(a[1]) || a[0].localeCompare(b[0]))
    .slice(0, TRENDING_GENRES)
    .map(([genre, list]) => ({
      kind: 'trending-in-genre' as const,
      key: `trending:${genre}`,
      title: `Trending in ${genre}`,
      reason: `The most watched ${genre} films of the last 7 days`,
      filmIds: [...list]
        .sort((a, b) => b.views - a.views || a.id - b.id)
        .slice(0, ROW_LENGTH)
        .map((film) => film.id),
    }));
}
