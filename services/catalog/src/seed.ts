import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { loadConfig, seedMain, waitForOutboxDrained } from '@kinora/common';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppModule } from './app.module';
import { configSchema } from './config';
import { CreatorStandingService } from './creators/creator-standing.service';
import { CreatorsService } from './creators/creators.service';
import { FilmsService } from './films/films.service';
import { MediaService } from './media/media.service';
import { filmLimit, publishingOrder, SMALL_SECONDS, type DemoFilm, type Manifest } from './seed/manifest';
import { Progress } from './seed/progress';
import { SeedRepository } from './seed/seed.repository';
import { MASTER_SCALE, synthesize } from './seed/synthesize';

/**
 * Films synthesized ahead of the transcoder (queued, not yet started). Enough to keep
 * catalog-worker busy; more would only take CPU from the transcodes that publish films.
 */
const LOOKAHEAD = 2;
const log = (message: string) => console.log(`[catalog seed] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

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
  const seeded = app.get(SeedRepository);
  const creatorsService = app.get(CreatorsService);
  const standing = app.get(CreatorStandingService);
  const filmsService = app.get(FilmsService);
  const media = app.get(MediaService);
  try {
    // 1. Creators, once auth's events have brought their accounts into the users read model.
    const creatorIds = new Map<string, { id: number; name: string }>();
    for (const creator of manifest.creators.filter((c) => films.some((film) => film.creator === c.key))) {
      let userId: string | undefined;
      for (let i = 0; i < 600 && !userId; i++) {
        userId = await seeded.userIdByEmail(creator.email);
        if (!userId) await sleep(100);
      }
      if (!userId)
        throw new Error(`${creator.email} never reached catalog: is the catalog service consuming?`);
      const id =
        (await seeded.creatorIdOfUser(userId)) ??
        (
          await creatorsService.register(userId, {
            bio: creator.bio,
            website: creator.website,
            socialLinks: creator.socialLinks,
          })
        ).id;
      // Verification is an editorial decision; the demo creators come pre-verified or not, and the
      // tick reaches the other services by the same event as an admin's.
      await standing.setVerified(id, creator.verified, null);
      creatorIds.set(creator.key, { id, name: `${creator.firstName} ${creator.lastName}` });
    }

    // 2. Publisher: while films are synthesized and queued below, publish each as soon as its
    // media is ready; a failed transcode (after its retries) is recorded with its reason.
    const pending: { id: number; title: string }[] = [];
    let synthesisDone = false;
    const publishReady = async () => {
      for (const film of [...pending]) {
        const state = await seeded.mediaState(film.id);
        if (state?.status === 'failed') {
          pending.splice(pending.indexOf(film), 1);
          progress.mark(film.title, 'failed', state.failure_reason ?? 'transcode failed');
          log(`"${film.title}" failed to transcode: ${state.failure_reason}`);
        } else if (state?.status === 'ready') {
          const row = await seeded.filmStatus(film.id);
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
        const existing = await seeded.findFilm(creator.id, film.title);
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
