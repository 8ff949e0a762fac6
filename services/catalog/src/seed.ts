import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { loadConfig, seedMain, waitForOutboxDrained } from '@kinora/common';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { AppModule } from './app.module';
import { configSchema } from './config';
import { CreatorsService } from './creators/creators.service';
import { FilmsService } from './films/films.service';
import { MediaService } from './media/media.service';

interface DemoCreator {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  verified: boolean;
  bio: string;
  website?: string;
  socialLinks: Record<string, string>;
}

interface DemoFilm {
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

interface Manifest {
  creators: DemoCreator[];
  films: DemoFilm[];
}

/** The quick set (KINORA_SEED=small) keeps the films marked small, at most this long. */
const SMALL_SECONDS = 10;
/** Published first, so the catalog is worth a look within a couple of minutes of `make up`. */
const FIRST_FILMS = 6;
/**
 * Films synthesized ahead of the transcoder (queued, not yet started). Enough to keep
 * catalog-worker busy; more would only take CPU from the transcodes that publish films.
 */
const LOOKAHEAD = 2;
/** ffmpeg synthesizing a source runs at this nice level: the transcodes that publish come first. */
const SYNTHESIS_NICENESS = 10;
const log = (message: string) => console.log(`[catalog seed] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

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
function publishingOrder(films: DemoFilm[]): DemoFilm[] {
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

type FilmState = 'waiting' | 'synthesizing' | 'queued' | 'transcoding' | 'published' | 'failed';

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
class Progress {
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

/**
 * Demo masters are 1280x720, like a creator's 720p upload, so the pipeline (which never upscales)
 * gives them the 360p and 720p renditions. The generators run at 640x360 or less to stay cheap;
 * the frame is doubled by nearest neighbour, which adds no blur to their hard edges.
 */
const MASTER_SCALE = 'scale=1280:720:flags=neighbor,setsar=1';

/** Renders a film's source video from its generative recipe (cached: the same recipe renders once). */
async function synthesize(film: DemoFilm, seconds: number, path: string, ffmpeg: string): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial.mp4`;
  // An intermediate for the transcoder: fast to encode at a quality the transcode cannot tell apart.
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    film.video,
    '-f',
    'lavfi',
    '-i',
    film.audio,
    '-t',
    String(seconds),
    '-vf',
    MASTER_SCALE,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '16',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-shortest',
    partial,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (child.pid) {
      try {
        setPriority(child.pid, SYNTHESIS_NICENESS);
      } catch {
        // Not allowed to renice: it runs at normal priority.
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg synthesis failed: ${stderr.trim().split('\n')[0]}`)),
    );
  });
  renameSync(partial, path);
}

/**
 * Demo content, catalog's part (`node dist/src/seed.js <manifest.json>`, after auth's seed):
 * creator profiles, then films synthesized with ffmpeg's generative sources, put through the real
 * media pipeline (catalog-worker must be running) and published, a few short ones of different
 * genres first (publishingOrder). `make up` runs it in the background (SEED_STATUS_FILE tells
 * `make status` how far it is); `make seed` in the foreground.
 *
 * Idempotent: a film that exists (same creator and title) is not added again; one whose media
 * failed is transcoded again, one interrupted anywhere is picked up where it was. A film that
 * fails does not stop the others; the seed exits non-zero at the end if any failed.
 */
/** KINORA_SEED_FILMS=n keeps the first n films of the set in publishing order (a quicker platform). */
function filmLimit(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`KINORA_SEED_FILMS must be a positive whole number (not "${value}")`);
  return limit;
}

async function main(manifestPath: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const small = process.env.KINORA_SEED === 'small';
  const films = publishingOrder(small ? manifest.films.filter((film) => film.small) : manifest.films).slice(
    0,
    filmLimit(process.env.KINORA_SEED_FILMS),
  );
  const progress = new Progress(films, process.env.SEED_STATUS_FILE || undefined, small ? 'small' : 'full');
  progress.write();
  try {
    await seed(manifest, films, small, progress);
    progress.finish();
  } catch (error) {
    progress.finish(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

async function seed(
  manifest: Manifest,
  films: DemoFilm[],
  small: boolean,
  progress: Progress,
): Promise<void> {
  const started = Date.now();
  const config = loadConfig(configSchema);
  const sourceRoot = config.SOURCE_ROOT ?? join(dirname(config.MEDIA_ROOT), 'sources');
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  const em = app.get(EntityManager).fork();
  const creatorsService = app.get(CreatorsService);
  const filmsService = app.get(FilmsService);
  const media = app.get(MediaService);
  try {
    // 1. Creators, once auth's events have brought their accounts into the users read model.
    const creatorIds = new Map<string, { id: number; name: string }>();
    for (const creator of manifest.creators.filter((c) => films.some((film) => film.creator === c.key))) {
      let userId: string | undefined;
      for (let i = 0; i < 600 && !userId; i++) {
        const [user] = await em.execute<{ id: string }[]>('select id from known_users where email = ?', [
          creator.email,
        ]);
        userId = user?.id;
        if (!userId) await sleep(100);
      }
      if (!userId)
        throw new Error(`${creator.email} never reached catalog: is the catalog service consuming?`);
      const [existing] = await em.execute<{ id: number }[]>('select id from creators where user_id = ?', [
        userId,
      ]);
      const id =
        existing?.id ??
        (
          await creatorsService.register(userId, {
            bio: creator.bio,
            website: creator.website,
            socialLinks: creator.socialLinks,
          })
        ).id;
      // Verification is an editorial decision; the demo creators come pre-verified or not.
      await em.execute('update creators set is_verified = ? where id = ?', [creator.verified, id]);
      creatorIds.set(creator.key, { id, name: `${creator.firstName} ${creator.lastName}` });
    }

    // 2. Publisher: while films are synthesized and queued below, publish each as soon as its
    // media is ready; a failed transcode (after its retries) is recorded with its reason.
    const pending: { id: number; title: string }[] = [];
    let synthesisDone = false;
    const publishReady = async () => {
      for (const film of [...pending]) {
        const [state] = await em.execute<{ status: string; failure_reason: string | null }[]>(
          'select status, failure_reason from film_media where film_id = ?',
          [film.id],
        );
        if (state?.status === 'failed') {
          pending.splice(pending.indexOf(film), 1);
          progress.mark(film.title, 'failed', state.failure_reason ?? 'transcode failed');
          log(`"${film.title}" failed to transcode: ${state.failure_reason}`);
        } else if (state?.status === 'ready') {
          const [row] = await em.execute<{ status: string }[]>('select status from films where id = ?', [
            film.id,
          ]);
          if (row?.status !== 'published') await filmsService.changeStatus(film.id, 'published');
          pending.splice(pending.indexOf(film), 1);
          progress.mark(film.title, 'published');
          const seconds = Math.round((Date.now() - started) / 1000);
          log(`published "${film.title}" (${progress.count('published')} of ${films.length}, ${seconds} s)`);
        } else {
          progress.mark(film.title, state?.status === 'processing' ? 'transcoding' : 'queued');
        }
      }
    };
    const publisher = (async () => {
      const deadline = Date.now() + 30 * 60_000;
      while (!synthesisDone || pending.length > 0) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${pending.map((f) => f.title).join(', ')}`);
        await publishReady();
        await sleep(500);
      }
    })();
    // Surfaced when awaited below; meanwhile it stops the loop below from waiting on it.
    let publisherFailed = false;
    publisher.catch(() => (publisherFailed = true));

    // 3. Films, in publishing order: render, register, queue; at most LOOKAHEAD ahead of the worker.
    let added = 0;
    try {
      for (const film of films) {
        const creator = creatorIds.get(film.creator)!;
        const seconds = small ? Math.min(film.seconds, SMALL_SECONDS) : film.seconds;
        // Named after the recipe, so an edited recipe renders anew.
        const recipe = createHash('sha256')
          .update(`${film.video}|${MASTER_SCALE}|${film.audio}|${seconds}`)
          .digest('hex')
          .slice(0, 10);
        const source = join(sourceRoot, 'seed', `${slug(film.title)}-${recipe}.mp4`);
        const [existing] = await em.execute<{ id: number; status: string; media: string | null }[]>(
          `select f.id, f.status, m.status as media from films f left join film_media m on m.film_id = f.id
            where f.creator_id = ? and f.title = ?`,
          [creator.id, film.title],
        );
        // Media "ready" whose files are gone (another checkout's media root) is transcoded again.
        const filesPresent =
          existing && existsSync(join(config.MEDIA_ROOT, 'films', String(existing.id), 'master.m3u8'));
        if (
          existing &&
          (existing.media === 'queued' ||
            existing.media === 'processing' ||
            (existing.media === 'ready' && filesPresent))
        ) {
          if (existing.status === 'published' && existing.media === 'ready') {
            progress.mark(film.title, 'published');
          } else {
            pending.push({ id: existing.id, title: film.title });
          }
          continue;
        }
        while (progress.count('queued') >= LOOKAHEAD && !publisherFailed) await sleep(500);
        if (publisherFailed) break;
        progress.mark(film.title, 'synthesizing');
        try {
          await synthesize(film, seconds, source, config.FFMPEG_PATH);
        } catch (error) {
          progress.mark(film.title, 'failed', (error as Error).message.slice(0, 300));
          log(`"${film.title}": ${(error as Error).message}`);
          continue;
        }
        const id =
          existing?.id ??
          (await filmsService.createDraft({
            creatorId: creator.id,
            title: film.title,
            description: film.description,
            genre: film.genre,
            language: film.language,
            releaseYear: film.releaseYear,
            isFeatured: film.featured,
          }));
        if (!existing) added++;
        await media.enqueue(em, id, source, creator.name);
        pending.push({ id, title: film.title });
        progress.mark(film.title, 'queued');
        log(`queued "${film.title}" (${seconds} s)`);
      }
    } finally {
      synthesisDone = true;
    }
    await publisher;
    await waitForOutboxDrained(em);
    const failed = progress.films.filter((film) => film.state === 'failed');
    log(`${films.length} films by ${creatorIds.size} creators (${added} new)${small ? ' — quick set' : ''}`);
    if (failed.length > 0) {
      throw new Error(
        `${failed.length} film(s) failed: ${failed.map((film) => `"${film.title}": ${film.reason}`).join('; ')}`,
      );
    }
  } finally {
    await app.close();
  }
}

seedMain('catalog', main);
