import type { DemoProfile } from '@kinora/common';

/** The demo catalog's manifest (infra/seed/demo-catalog.json) and the order its films go in. */

export type DemoCreator = DemoProfile;

export interface DemoFilm {
  title: string;
  creator: string;
  genre: string;
  language: string;
  releaseYear: number;
  featured?: boolean;
  small?: boolean;
  seconds: number;
  description: string;
  video: string;
  audio: string;
}

export interface Manifest {
  creators: DemoCreator[];
  films: DemoFilm[];
}

/** The quick set (KINORA_SEED=small) keeps the films marked small, at most this long. */
export const SMALL_SECONDS = 10;
/** Published first, so the catalog is worth a look within a couple of minutes of `make up`. */
const FIRST_FILMS = 6;
/** Frames to transcode: the cost of a film in the pipeline (its graph's rate, else 25 fps). */
const frames = (film: DemoFilm) => film.seconds * Number(/\brate=(\d+)/.exec(film.video)?.[1] ?? 25);
/** The generator a film's picture comes from (mandelbrot, life, cellauto, gradients...). */
const generator = (film: DemoFilm) => film.video.split('=')[0] ?? '';

/**
 * The order films go through the pipeline, so the catalog is worth a look early: first
 * FIRST_FILMS of the cheapest films to transcode, one per genre and at most two per generator
 * (variety on the poster wall), one of them featured (the home page's hero); then the rest,
 * cheapest first. Ties keep the manifest's order.
 */
export function publishingOrder(films: DemoFilm[]): DemoFilm[] {
  const cheapest = films
    .map((film, index) => ({ film, index }))
    .sort((a, b) => frames(a.film) - frames(b.film) || a.index - b.index)
    .map(({ film }) => film);
  const first: DemoFilm[] = [];
  for (const film of cheapest) {
    if (first.length >= FIRST_FILMS) break;
    const sameGenerator = first.filter((picked) => generator(picked) === generator(film)).length;
    if (sameGenerator < 2 && !first.some((picked) => picked.genre === film.genre)) first.push(film);
  }
  const featured = cheapest.find(
    (film) => film.featured && !first.some((picked) => picked.genre === film.genre),
  );
  if (featured && !first.some((film) => film.featured)) first.splice(FIRST_FILMS - 1, 1, featured);
  return [...first, ...cheapest.filter((film) => !first.includes(film))];
}

/** KINORA_SEED_FILMS=n keeps the first n films of the set in publishing order (a quicker platform). */
export function filmLimit(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`KINORA_SEED_FILMS must be a positive whole number (not "${value}")`);
  return limit;
}
