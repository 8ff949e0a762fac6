/**
 * How well "For you" predicts what a member watches next, offline: no platform, everything in
 * memory, deterministic for a seed.
 *
 *   npx tsx bench/recommend/run.ts      # or: make bench (it needs the workspace built, not running)
 *
 * 1. Synthesises a catalogue like the demo's, bigger: BENCH_REC_FILMS films of the first 8 genres of
 *    GENRES (@kinora/contracts), one creator per 6 films (40 at the default), each working mostly in
 *    one genre or two, films of 22–36 s as the demo's. The films are listed in popularity order (as
 *    the demo seed lists them by id), which is what makes pickFilm's picks skewed; ids are shuffled
 *    against that order, so breaking ties by id favours no one.
 * 2. Synthesises BENCH_REC_MEMBERS members with a taste from tasteOf and their sessions picked with
 *    pickFilm (services/analytics/src/seed/tastes.ts, the demo traffic's functions), BENCH_REC_SESSIONS
 *    each (unset: 4–20, varying), spread over 90 days, each watching the seed's share of the film
 *    (all of it 55 % of the time, else a uniform share), qualified and completed by the analytics
 *    service's own rules (session-merge.ts). After 30 % of the qualified views the member ties the
 *    film: a film of their taste gets a like or a rating of 7–10 (half each), another film a rating
 *    of 2–6 (so some dislikes).
 * 3. Holds out every member's last qualified film (members with at least 2 distinct qualified films)
 *    and drops all that member's sessions and ties of it; the rest is the training data.
 * 4. Learns the model from the training data with the service's pure functions: tasteWeights per
 *    member (sessions summed per film, as the repository does), co-occurrences (Σ wᵤᵢ·wᵤⱼ and the
 *    count, over members with positive weights on both) and norms (√Σ w² over positive weights) as
 *    the repository's SQL computes them, neighboursOf for every film (popularity: training views),
 *    forYou per member (no followed creators, no critic picks).
 * 5. Baselines on the same data: popularity (the most viewed films) and same genre (the most viewed
 *    films of the genre of the member's latest training film, then by popularity). All three methods
 *    leave out exactly what For you never offers (excludedOf in rows.ts: finished, rated, disliked):
 *    films watched without being finished stay candidates for each.
 *
 * Prints, per method, hit rate@10 (the held-out film in the top 10) and NDCG@10 (1 / log2(rank + 1)
 * for its 1-based rank in the top 10, else 0) over the evaluated members; For you's hit rate against
 * popularity's, target ≥ 2×; and the in-memory model's CPU time (weights, co-occurrences, neighbours,
 * For you) per 10,000 training events (sessions and ties). The SQL side of the real worker is not
 * measured.
 *
 * Settings: BENCH_REC_FILMS (240), BENCH_REC_MEMBERS (1000), BENCH_REC_SESSIONS (unset: 4–20 per
 * member), BENCH_REC_SEED (1).
 */
import { GENRES } from '@kinora/contracts';
import { excludedOf, forYou } from '../../services/analytics/src/recommendations/rows.js';
import {
  neighboursOf,
  type CatalogueFilm,
  type CoOccurrence,
  type Neighbour,
} from '../../services/analytics/src/recommendations/similarity.js';
import {
  tasteWeights,
  type FilmSessions,
  type FilmTie,
  type TasteWeight,
} from '../../services/analytics/src/recommendations/taste.js';
import { random } from '../../services/analytics/src/seed/random.js';
import { pickFilm, tasteOf, type Taste } from '../../services/analytics/src/seed/tastes.js';
import { isCompleted, qualifyingSeconds } from '../../services/analytics/src/sessions/session-merge.js';
import { BenchError, run, setting } from '../lib/wrk.js';

const GENRE_COUNT = 8;
const FILMS_PER_CREATOR = 6;
/** The demo films' lengths (infra/seed/demo-catalog.json): 22–36 s. */
const SECONDS = { min: 22, max: 36 };
/** The demo traffic's span (seed.ts). */
const DAYS = 90;
const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);
/** Share of qualified views after which the member rates or likes the film. */
const TIE_SHARE = 0.3;
const TOP = 10;
const TARGET_RATIO = 2;

interface Film {
  id: number;
  genre: string;
  creatorId: number;
  title: string;
  seconds: number;
}

interface Session {
  filmId: number;
  qualified: boolean;
  completed: boolean;
  endedAt: Date;
}

interface Member {
  taste: Taste;
  sessions: Session[];
  ties: FilmTie[];
}

/** The catalogue, in popularity order (pickFilm's picks fall with the place in the list). */
function synthCatalogue(count: number, next: () => number): Film[] {
  const genres = GENRES.slice(0, GENRE_COUNT);
  const anyGenre = () => genres[Math.floor(next() * genres.length)]!;
  const creators = Array.from({ length: Math.max(1, Math.round(count / FILMS_PER_CREATOR)) }, () => {
    const main = anyGenre();
    return { main, second: next() < 0.5 ? anyGenre() : main };
  });
  const films: Film[] = Array.from({ length: count }, (_, k) => {
    const creatorId = (k % creators.length) + 1;
    const creator = creators[creatorId - 1]!;
    const draw = next();
    const genre = draw < 0.7 ? creator.main : draw < 0.95 ? creator.second : anyGenre();
    const seconds = SECONDS.min + Math.floor(next() * (SECONDS.max - SECONDS.min + 1));
    return { id: k + 1, genre, creatorId, title: `Film ${k + 1}`, seconds };
  });
  for (let i = films.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [films[i], films[j]] = [films[j]!, films[i]!];
  }
  return films;
}

const ofTaste = (film: Film, taste: Taste) =>
  taste.genres.includes(film.genre) || film.creatorId === taste.creatorId;

/** A member's sessions and ties, in time order, as the demo traffic plays them (seed.ts). */
function member(films: Film[], taste: Taste, count: number, next: () => number): Member {
  const starts = Array.from({ length: count }, () => START + Math.floor(next() * DAYS * DAY_MS)).sort(
    (a, b) => a - b,
  );
  const sessions: Session[] = [];
  const ties = new Map<string, FilmTie>();
  for (const startedAt of starts) {
    const film = pickFilm(films, taste, next);
    const share = next() < 0.55 ? 1 : next();
    const watched = Math.max(1, Math.round(film.seconds * share));
    const qualified = watched >= qualifyingSeconds(film.seconds);
    const endedAt = new Date(startedAt + watched * 1000);
    sessions.push({ filmId: film.id, qualified, completed: isCompleted(watched, film.seconds), endedAt });
    if (!qualified || next() >= TIE_SHARE) continue;
    const changedAt = new Date(endedAt.getTime() + 60_000);
    // member_ties keeps the newest tie per kind and film.
    if (ofTaste(film, taste) && next() < 0.5) {
      ties.set(`like:${film.id}`, { kind: 'like', filmId: film.id, value: 1, changedAt });
    } else {
      const value = ofTaste(film, taste) ? 7 + Math.floor(next() * 4) : 2 + Math.floor(next() * 5);
      ties.set(`rating:${film.id}`, { kind: 'rating', filmId: film.id, value, changedAt });
    }
  }
  return { taste, sessions, ties: [...ties.values()] };
}

/** A member's sessions summed per film, as the repository's filmSessionsOf reads them. */
function perFilm(sessions: Session[]): FilmSessions[] {
  const films = new Map<number, FilmSessions>();
  for (const session of sessions) {
    const film = films.get(session.filmId);
    if (!film) {
      films.set(session.filmId, {
        filmId: session.filmId,
        qualified: session.qualified,
        completed: session.completed,
        lastAt: session.endedAt,
      });
      continue;
    }
    film.qualified ||= session.qualified;
    film.completed ||= session.completed;
    if (session.endedAt > film.lastAt) film.lastAt = session.endedAt;
  }
  return [...films.values()];
}

interface Evaluated {
  heldOut: number;
  sessions: Session[];
  ties: FilmTie[];
}

/** The member's last qualified film held out, and everything else of theirs to train on. */
function holdOut(member: Member): Evaluated | null {
  const watched = member.sessions.filter((session) => session.qualified);
  if (new Set(watched.map((session) => session.filmId)).size < 2) return null;
  const heldOut = watched[watched.length - 1]!.filmId;
  return {
    heldOut,
    sessions: member.sessions.filter((session) => session.filmId !== heldOut),
    ties: member.ties.filter((tie) => tie.filmId !== heldOut),
  };
}

/** Σ wᵤᵢ·wᵤⱼ and the count over members with positive weights on both, and √Σ w², as the SQL does. */
function coOccurrences(weights: TasteWeight[][], index: ReadonlyMap<number, number>, ids: number[]) {
  const n = ids.length;
  const dot = new Float64Array(n * n);
  const together = new Uint32Array(n * n);
  const squares = new Float64Array(n);
  for (const history of weights) {
    const liked = history
      .filter((w) => w.weight > 0 && index.has(w.filmId))
      .map((w) => ({ i: index.get(w.filmId)!, w: w.weight }));
    for (const a of liked) {
      squares[a.i]! += a.w * a.w;
      for (const b of liked) {
        if (a.i === b.i) continue;
        dot[a.i * n + b.i]! += a.w * b.w;
        together[a.i * n + b.i]! += 1;
      }
    }
  }
  const norms = new Map<number, number>();
  squares.forEach((sum, i) => sum > 0 && norms.set(ids[i]!, Math.sqrt(sum)));
  const pairsOf = (i: number): CoOccurrence[] => {
    const pairs: CoOccurrence[] = [];
    for (let j = 0; j < n; j++) {
      const count = together[i * n + j]!;
      if (count > 0) pairs.push({ filmId: ids[j]!, dot: dot[i * n + j]!, together: count });
    }
    return pairs;
  };
  return { norms, pairsOf };
}

/** The first `TOP` of `ranked` that are not excluded, filled from `fill` when short. */
function topOf(ranked: number[], excluded: ReadonlySet<number>, fill: number[] = []): number[] {
  const top: number[] = [];
  for (const id of [...ranked, ...fill]) {
    if (top.length >= TOP) break;
    if (!excluded.has(id) && !top.includes(id)) top.push(id);
  }
  return top;
}

const METHODS = ['for-you', 'popularity', 'same-genre'] as const;
type Method = (typeof METHODS)[number];

async function main(): Promise<void> {
  const filmCount = setting('BENCH_REC_FILMS', 240);
  const memberCount = setting('BENCH_REC_MEMBERS', 1000);
  const fixedSessions = process.env.BENCH_REC_SESSIONS ? setting('BENCH_REC_SESSIONS', 12) : null;
  const seed = setting('BENCH_REC_SEED', 1);
  if (filmCount < GENRE_COUNT) throw new BenchError(`BENCH_REC_FILMS must be at least ${GENRE_COUNT}`, 2);
  const wallStart = performance.now();

  // Synthetic data: the catalogue, each member's taste and doings, each from a stream of its own.
  const films = synthCatalogue(Math.floor(filmCount), random(seed));
  const byId = new Map(films.map((film) => [film.id, film]));
  const tasteStream = random(seed ^ 0x7a57e);
  const members = Array.from({ length: Math.floor(memberCount) }, (_, m) => {
    const next = random(Math.imul(seed, 0x9e3779b1) + m + 1);
    const count = fixedSessions ? Math.floor(fixedSessions) : 4 + Math.floor(next() * 17);
    return member(films, tasteOf(films, tasteStream), count, next);
  });

  // Held out: each member's last qualified film. Those without two distinct ones train only.
  const evaluated = members.map(holdOut);
  const training = members.map(
    (m, k) => evaluated[k] ?? { heldOut: null, sessions: m.sessions, ties: m.ties },
  );
  const events = training.reduce((sum, t) => sum + t.sessions.length + t.ties.length, 0);
  const views = new Map<number, number>(films.map((film) => [film.id, 0]));
  for (const t of training) {
    for (const s of t.sessions) if (s.qualified) views.set(s.filmId, views.get(s.filmId)! + 1);
  }
  const published: CatalogueFilm[] = films
    .map((film) => ({
      id: film.id,
      creatorId: film.creatorId,
      genre: film.genre,
      popularity: views.get(film.id)!,
    }))
    .sort((a, b) => a.id - b.id);
  const filmsMap = new Map(
    published.map((film) => [film.id, { creatorId: film.creatorId, title: byId.get(film.id)!.title }]),
  );

  // The model, with the service's pure functions; its CPU time is what the bench reports.
  const cpuStart = process.cpuUsage();
  const weights = training.map((t) => tasteWeights(perFilm(t.sessions), t.ties));
  const ids = published.map((film) => film.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const { norms, pairsOf } = coOccurrences(weights, index, ids);
  const neighbours = new Map<number, Neighbour[]>(
    published.map((film, i) => [film.id, neighboursOf(film, pairsOf(i), norms, published)]),
  );
  const lists = weights.map((history) =>
    forYou({ history, neighbours, films: filmsMap, followedCreators: new Set(), criticPicks: [] }),
  );
  const cpu = process.cpuUsage(cpuStart);
  const modelMs = (cpu.user + cpu.system) / 1000;

  // Baselines and the measure.
  const popular = [...published]
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
    .map((film) => film.id);
  const popularIn = new Map<string, number[]>();
  for (const id of popular) {
    const genre = byId.get(id)!.genre;
    popularIn.set(genre, [...(popularIn.get(genre) ?? []), id]);
  }
  const totals = new Map<Method, { hits: number; ndcg: number }>(
    METHODS.map((method) => [method, { hits: 0, ndcg: 0 }]),
  );
  let count = 0;
  training.forEach((t, k) => {
    if (t.heldOut === null) return;
    count++;
    const excluded = excludedOf(weights[k]!);
    const latest = t.sessions.filter((s) => s.qualified).at(-1)!;
    const ranked: Record<Method, number[]> = {
      'for-you': lists[k]!.slice(0, TOP),
      popularity: topOf(popular, excluded),
      'same-genre': topOf(popularIn.get(byId.get(latest.filmId)!.genre) ?? [], excluded, popular),
    };
    for (const method of METHODS) {
      const rank = ranked[method].indexOf(t.heldOut) + 1;
      if (rank === 0) continue;
      const total = totals.get(method)!;
      total.hits++;
      total.ndcg += 1 / Math.log2(rank + 1);
    }
  });
  if (count === 0)
    throw new BenchError('no member has two distinct qualified films: raise BENCH_REC_SESSIONS', 2);

  const sessions = members.reduce((sum, m) => sum + m.sessions.length, 0);
  const ties = members.reduce((sum, m) => sum + m.ties.length, 0);
  const creators = new Set(films.map((film) => film.creatorId)).size;
  console.log(
    `catalogue: ${films.length} films, ${GENRE_COUNT} genres, ${creators} creators; ` +
      `${members.length} members, ${sessions} sessions, ${ties} ties (seed ${seed})`,
  );
  console.log(`training: ${events} events (sessions and ties); members evaluated: ${count}\n`);
  const rows = METHODS.map((method) => {
    const total = totals.get(method)!;
    return [method, (total.hits / count).toFixed(3), (total.ndcg / count).toFixed(3)];
  });
  const header = ['method', `hit rate@${TOP}`, `NDCG@${TOP}`];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));

  const hitRate = (method: Method) => totals.get(method)!.hits / count;
  const ratio = hitRate('popularity') > 0 ? hitRate('for-you') / hitRate('popularity') : Infinity;
  console.log(
    `\nfor-you / popularity hit rate = ${ratio.toFixed(2)}×   target ≥ ${TARGET_RATIO}×: ${
      ratio >= TARGET_RATIO ? 'met' : 'NOT met'
    }`,
  );
  console.log(
    `model CPU per 10k events: ${((modelMs / events) * 10_000).toFixed(1)} ms ` +
      `(in-memory model only: weights, co-occurrences, neighbours, For you; ${modelMs.toFixed(0)} ms ` +
      `for ${events} events; not the worker's SQL)`,
  );
  console.log(`whole run: ${((performance.now() - wallStart) / 1000).toFixed(1)} s`);
}

run(main);
