import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { loadConfig, seedMain, waitForOutboxDrained } from '@kinora/common';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
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
const log = (message: string) => console.log(`[catalog seed] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/** Renders a film's source video from its generative recipe (cached: the same recipe renders once). */
async function synthesize(film: DemoFilm, seconds: number, path: string, ffmpeg: string): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial.mp4`;
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
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '18',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-shortest',
    partial,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg (${film.title}): ${stderr}`)),
    );
  });
  renameSync(partial, path);
}

/**
 * Demo content, catalog's part (`node dist/src/seed.js <manifest.json>`, after auth's seed):
 * creator profiles, then films synthesized with ffmpeg's generative sources, put through the real
 * media pipeline (catalog-worker must be running) and published. Idempotent: a film that exists
 * (same creator and title) is not added again; one whose media failed is transcoded again.
 */
async function main(manifestPath: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const small = process.env.KINORA_SEED === 'small';
  const films = small ? manifest.films.filter((film) => film.small) : manifest.films;
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

    // 2. Films: render, register, transcode. The worker transcodes one while the next renders.
    const pending: { id: number; title: string }[] = [];
    let added = 0;
    for (const film of films) {
      const creator = creatorIds.get(film.creator)!;
      const seconds = small ? Math.min(film.seconds, SMALL_SECONDS) : film.seconds;
      // Named after the recipe, so an edited recipe renders anew.
      const recipe = createHash('sha256')
        .update(`${film.video}|${film.audio}|${seconds}`)
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
        if (existing.status === 'pending') pending.push({ id: existing.id, title: film.title });
        continue;
      }
      await synthesize(film, seconds, source, config.FFMPEG_PATH);
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
      log(`queued "${film.title}" (${seconds} s)`);
    }

    // 3. Publish each film as soon as its media is ready.
    const deadline = Date.now() + 30 * 60_000;
    while (pending.length > 0) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${pending.map((f) => f.title).join(', ')}`);
      for (const film of [...pending]) {
        const [state] = await em.execute<{ status: string; failure_reason: string | null }[]>(
          'select status, failure_reason from film_media where film_id = ?',
          [film.id],
        );
        if (state?.status === 'failed')
          throw new Error(`"${film.title}" failed to transcode: ${state.failure_reason}`);
        if (state?.status === 'ready') {
          await filmsService.changeStatus(film.id, 'published');
          pending.splice(pending.indexOf(film), 1);
          log(`published "${film.title}"`);
        }
      }
      if (pending.length > 0) await sleep(500);
    }
    await waitForOutboxDrained(em);
    log(`${films.length} films by ${creatorIds.size} creators (${added} new)${small ? ' — quick set' : ''}`);
  } finally {
    await app.close();
  }
}

seedMain('catalog', main);
