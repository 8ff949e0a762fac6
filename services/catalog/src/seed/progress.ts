import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DemoFilm } from './manifest';

export type FilmState = 'waiting' | 'synthesizing' | 'queued' | 'transcoding' | 'published' | 'failed';

interface FilmProgress {
  title: string;
  genre: string;
  seconds: number;
  state: FilmState;
  reason?: string;
  publishedAt?: string;
}

/**
 * The seed's progress, rewritten (atomically) at every change to SEED_STATUS_FILE when set:
 * `make status` reads it to show "n of 24 published, k transcoding, f failed" and the reasons.
 */
export class Progress {
  readonly films: FilmProgress[];
  private readonly startedAt = new Date().toISOString();
  private finished?: { at: string; error?: string };

  constructor(
    films: DemoFilm[],
    private readonly file: string | undefined,
    private readonly set: string,
  ) {
    this.films = films.map((film) => ({
      title: film.title,
      genre: film.genre,
      seconds: film.seconds,
      state: 'waiting',
    }));
  }

  mark(title: string, state: FilmState, reason?: string): void {
    const film = this.films.find((candidate) => candidate.title === title);
    if (!film || (film.state === state && film.reason === reason)) return;
    film.state = state;
    film.reason = reason;
    if (state === 'published') film.publishedAt = new Date().toISOString();
    this.write();
  }

  count(state: FilmState): number {
    return this.films.filter((film) => film.state === state).length;
  }

  finish(error?: string): void {
    this.finished = { at: new Date().toISOString(), error };
    this.write();
  }

  write(): void {
    if (!this.file) return;
    const status = {
      pid: process.pid,
      set: this.set,
      startedAt: this.startedAt,
      updatedAt: new Date().toISOString(),
      total: this.films.length,
      published: this.count('published'),
      done: this.finished !== undefined,
      finishedAt: this.finished?.at,
      error: this.finished?.error,
      films: this.films,
    };
    mkdirSync(dirname(this.file), { recursive: true });
    const partial = `${this.file}.${process.pid}.tmp`;
    writeFileSync(partial, `${JSON.stringify(status, null, 2)}\n`);
    renameSync(partial, this.file);
  }
}
