import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError } from '../config/config';

/**
 * A service's seed entry point (`node dist/src/seed.js <manifest.json>`): runs `seed` with the
 * manifest path and exits 0, or 1 with the reason (every bad variable, for a bad environment).
 */
export function seedMain(name: string, seed: (manifestPath: string) => Promise<void>): void {
  const manifestPath = process.argv[2];
  if (!manifestPath) {
    console.error(`usage: node dist/src/seed.js <manifest.json>`);
    process.exit(2);
  }
  seed(manifestPath).then(
    () => process.exit(0),
    (error: unknown) => {
      const reason = error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error);
      console.error(`[${name} seed] ${reason}`);
      process.exit(1);
    },
  );
}

/**
 * Where a seed reaches its own service's API: SEED_API_URL when the seed runs apart from the
 * service (compose runs the seeds in a container of their own), else the service's port here.
 */
export function seedApiUrl(port: number): string {
  return (process.env.SEED_API_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
}

/**
 * The demo catalog's seed as its status file (SEED_STATUS_FILE) has it: whether it has finished,
 * and the titles it has published. The seeds of the other services wait for catalog's films, which
 * reach them by events a moment after the status file says published. Without SEED_STATUS_FILE no
 * catalog seed runs beside them: done, and nothing to wait for. With it, a file not there yet is a
 * catalog seed that has not started writing (`make up` and compose start the seeds together, and
 * the others may look first): not done.
 */
export function catalogSeedProgress(): { done: boolean; published: Set<string> } {
  const file = process.env.SEED_STATUS_FILE;
  if (!file) return { done: true, published: new Set() };
  if (!existsSync(file)) return { done: false, published: new Set() };
  try {
    const status = JSON.parse(readFileSync(file, 'utf8')) as {
      done?: boolean;
      films?: { title: string; state: string }[];
    };
    return {
      done: status.done === true,
      published: new Set(
        (status.films ?? []).filter((film) => film.state === 'published').map((film) => film.title),
      ),
    };
  } catch {
    return { done: false, published: new Set() };
  }
}

/** A demo profile as the seed manifests give one (a creator in the catalog's, a critic in social's). */
export interface DemoProfile {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  verified: boolean;
  bio: string;
  website?: string;
  socialLinks: Record<string, string>;
}
