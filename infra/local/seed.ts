// The demo catalog (infra/seed/demo-catalog.json): auth's seed registers the creators' accounts,
// catalog's synthesizes, transcodes and publishes the films. `make up` runs auth's part in the
// foreground (seconds) and catalog's as a managed background process, `demo-seed` (log in
// .run/logs/demo-seed.log, stopped by `make down`), which writes its progress to
// .run/demo-seed.json for `make status`. The demo community (infra/seed/demo-community.json:
// members, critics, reviews, likes, follows) is auth's (members) and social's part: social's runs
// as the background process `community-seed`, acting on each film as soon as it is published.
// The demo traffic (analytics' seed, background process `traffic-seed`) then plays a few hundred
// viewing sessions over the last 90 days through the analytics API, so the dashboards have real
// aggregates. The demo ads (infra/seed/demo-ads.json: ads' seed, background process `ads-seed`)
// render a few creatives with ffmpeg and create their advertisers and campaigns through the ads
// API (KINORA_SEED_ADS=none leaves them out). `make seed` runs them all in the foreground.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, RUN_DIR, SERVICES, type ServiceName, serviceDir, serviceEntry, serviceEnv } from './config';
import { RunnerError, logTail, run, runningPid, say, sleep, start, stop } from './proc';

export const SEEDER = 'demo-seed';
const COMMUNITY_SEEDER = 'community-seed';
const TRAFFIC_SEEDER = 'traffic-seed';
const ADS_SEEDER = 'ads-seed';
export const SEED_STATUS_FILE = join(RUN_DIR, 'demo-seed.json');
// Another manifest of the same shape (KINORA_SEED_MANIFEST) seeds other content the same way:
// the end-to-end tests publish a followed creator's film with one.
const MANIFEST = process.env.KINORA_SEED_MANIFEST || join(ROOT, 'infra', 'seed', 'demo-catalog.json');

type FilmState = 'waiting' | 'synthesizing' | 'queued' | 'transcoding' | 'published' | 'failed';

/** What services/catalog/src/seed.ts writes to SEED_STATUS_FILE. */
export interface SeedStatus {
  pid: number;
  set: string;
  startedAt: string;
  updatedAt: string;
  total: number;
  published: number;
  done: boolean;
  finishedAt?: string;
  error?: string;
  films: { title: string; genre: string; state: FilmState; reason?: string; publishedAt?: string }[];
}

export function readSeedStatus(): SeedStatus | undefined {
  try {
    return JSON.parse(readFileSync(SEED_STATUS_FILE, 'utf8')) as SeedStatus;
  } catch {
    return undefined;
  }
}

/**
 * How long `make up` waits for the demo catalog: `first` (default) until the first FIRST_FILMS
 * films (the seed's cheap opening set, one per genre) are playable,
 * `all` until the whole set is published (CI, where the end-to-end tests expect every film;
 * CI=true implies it), `none` not at all.
 */
const FIRST_FILMS = 6;

function waitMode(): 'first' | 'all' | 'none' {
  const mode = process.env.KINORA_SEED_WAIT ?? (process.env.CI === 'true' ? 'all' : 'first');
  if (mode !== 'first' && mode !== 'all' && mode !== 'none')
    throw new RunnerError(`KINORA_SEED_WAIT must be first, all or none (not "${mode}")`);
  return mode;
}

function seedProcess(name: ServiceName): {
  entry: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
} {
  const service = SERVICES.find((s) => s.name === name)!;
  const entry = serviceEntry(name, 'seed');
  if (!existsSync(entry)) throw new RunnerError(`${entry} is missing: run \`make build\` first`);
  return {
    entry,
    args: ['--enable-source-maps', entry, MANIFEST],
    cwd: serviceDir(name),
    env: {
      ...serviceEnv(name, service.port),
      KINORA_SEED: process.env.KINORA_SEED ?? 'full',
      ...(process.env.KINORA_SEED_ADS ? { KINORA_SEED_ADS: process.env.KINORA_SEED_ADS } : {}),
      SEED_STATUS_FILE,
    },
  };
}

function runInForeground(name: ServiceName): void {
  const { args, cwd, env } = seedProcess(name);
  run(process.execPath, args, { cwd, env });
}

/**
 * `make seed`: the whole demo catalog in the foreground (idempotent). A background seeder of an
 * earlier `make up` is stopped first, so two never add the same film.
 */
export async function seedForeground(): Promise<void> {
  for (const seeder of [SEEDER, COMMUNITY_SEEDER, TRAFFIC_SEEDER, ADS_SEEDER]) {
    if (await stop(seeder)) say(`Stopped the background ${seeder}; seeding in the foreground.`);
  }
  runInForeground('auth');
  runInForeground('catalog');
  runInForeground('social');
  // Demo traffic belongs to the demo catalog, not to another manifest's content.
  if (!process.env.KINORA_SEED_MANIFEST) {
    runInForeground('analytics');
    runInForeground('ads');
  }
}

/** One line of progress: "n of N published, k transcoding, f failed". */
export function progressLine(status: SeedStatus): string {
  const count = (state: FilmState) => status.films.filter((film) => film.state === state).length;
  const waiting = count('waiting') + count('synthesizing') + count('queued');
  return (
    `${count('published')} of ${status.total} published, ${count('transcoding')} transcoding, ` +
    `${count('failed')} failed${waiting > 0 ? `, ${waiting} waiting` : ''}`
  );
}

/**
 * `make up`'s part: auth's seed now, catalog's as the background process SEEDER, then waits as
 * waitMode() says. Returns the progress at that moment.
 */
export async function seedInBackground(): Promise<SeedStatus | undefined> {
  await stop(SEEDER);
  await stop(COMMUNITY_SEEDER);
  await stop(TRAFFIC_SEEDER);
  await stop(ADS_SEEDER);
  rmSync(SEED_STATUS_FILE, { force: true });
  runInForeground('auth');
  for (const [name, service] of [
    [SEEDER, 'catalog'],
    [COMMUNITY_SEEDER, 'social'],
    [TRAFFIC_SEEDER, 'analytics'],
    [ADS_SEEDER, 'ads'],
  ] as const) {
    const { args, cwd, env } = seedProcess(service);
    start(name, process.execPath, args, { cwd, env });
  }
  const mode = waitMode();
  if (mode === 'none') return readSeedStatus();

  const deadline = Date.now() + (mode === 'all' ? 45 * 60_000 : 10 * 60_000);
  let reported = -1;
  for (;;) {
    const status = readSeedStatus();
    if (status && status.published !== reported) {
      reported = status.published;
      say(`  demo catalog: ${progressLine(status)}`);
    }
    if (status?.done) {
      if (status.error && mode === 'all') {
        throw new RunnerError(`the demo seed failed: ${status.error}\n${logTail(SEEDER, 30)}`);
      }
      return status;
    }
    if (mode === 'first' && status && status.published >= Math.min(FIRST_FILMS, status.total)) {
      return status;
    }
    if (runningPid(SEEDER) === undefined) {
      // Exited without writing "done": crashed before or while loading the catalog.
      const why = `${SEEDER} exited before the demo catalog was loaded\n${logTail(SEEDER, 30)}`;
      if (mode === 'all') throw new RunnerError(why);
      say(`Warning: ${why}`);
      return readSeedStatus();
    }
    if (Date.now() > deadline) {
      if (mode === 'all')
        throw new RunnerError(`the demo seed did not finish in time\n${logTail(SEEDER, 30)}`);
      say('Warning: the first demo films are not playable yet; `make status` shows how the seed is doing.');
      return status;
    }
    await sleep(1_000);
  }
}

/** `make status`'s lines about the demo catalog: progress, state of the seeder, every failure. */
export function describeSeed(): string[] {
  const status = readSeedStatus();
  if (!status) return ['  demo catalog: not loaded by this checkout yet (make up loads it)'];
  const running = runningPid(SEEDER);
  const seconds = (to: string | undefined) =>
    Math.round(((to ? Date.parse(to) : Date.now()) - Date.parse(status.startedAt)) / 1000);
  const state = status.done
    ? `finished in ${seconds(status.finishedAt)} s${status.error ? ' with errors' : ''}`
    : running !== undefined
      ? `loading for ${seconds(undefined)} s (pid ${running}, log .run/logs/${SEEDER}.log)`
      : 'stopped before it finished (make up carries on where it was)';
  const lines = [
    `  demo catalog${status.set === 'small' ? ' (quick set)' : ''}: ${progressLine(status)}; ${state}`,
  ];
  const community = runningPid(COMMUNITY_SEEDER);
  lines.push(
    community !== undefined
      ? `  demo community: loading as films are published (pid ${community}, log .run/logs/${COMMUNITY_SEEDER}.log)`
      : `  demo community: not loading (the last lines of .run/logs/${COMMUNITY_SEEDER}.log say how it ended)`,
  );
  const traffic = runningPid(TRAFFIC_SEEDER);
  lines.push(
    traffic !== undefined
      ? `  demo traffic: waiting for the catalog, then playing sessions (pid ${traffic}, log .run/logs/${TRAFFIC_SEEDER}.log)`
      : `  demo traffic: not playing (the last lines of .run/logs/${TRAFFIC_SEEDER}.log say how it ended)`,
  );
  for (const film of status.films.filter((f) => f.state === 'failed')) {
    lines.push(`    failed: "${film.title}": ${film.reason ?? 'no reason recorded'}`);
  }
  if (status.error && !status.films.some((film) => film.state === 'failed'))
    lines.push(`    error: ${status.error}`);
  return lines;
}
