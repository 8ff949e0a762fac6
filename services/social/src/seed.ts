import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { catalogSeedProgress, loadConfig, seedMain, waitForOutboxDrained } from '@kinora/common';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppModule } from './app.module';
import { configSchema } from './config';
import { steps, type Community, type Step } from './seed/community';
import { lookup } from './seed/lookup';
import { SeedRepository } from './seed/seed.repository';

const log = (message: string) => console.log(`[social seed] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long the background seed waits for films still being transcoded. */
const DEADLINE_MS = 60 * 60_000;
const POLL_MS = 2_000;
/**
 * How long steps may wait once the demo catalog is loaded, for accounts (a new critic's) and for
 * the events of films published last.
 */
const GRACE_MS = 60_000;

/**
 * Demo community, social's part (`node dist/src/seed.js <demo-catalog.json>`, with
 * demo-community.json beside it): critics (invited and accepted), reviews, critic reviews, likes,
 * follows and list entries through social's own services, so ratings and follower counts reach catalog by the same events as any member's.
 * Steps wait until their members, films, creators and critics are known here. Once the demo
 * catalog's seed is done, steps waiting for a film it did not publish (it failed, or is not in the
 * quick set) are reported and skipped; those waiting for accounts (a new critic's, created by auth
 * from social's event) or for a published film's event get up to GRACE_MS more.
 */
async function main(manifestPath: string): Promise<void> {
  const catalog = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    creators: { key: string; email: string }[];
  };
  const communityPath = join(dirname(manifestPath), 'demo-community.json');
  if (!existsSync(communityPath)) {
    log(`no ${communityPath}: nothing to do`);
    return;
  }
  const community = JSON.parse(readFileSync(communityPath, 'utf8')) as Community;
  const creatorEmails = new Map(catalog.creators.map((c) => [c.key, c.email.toLowerCase()]));
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadConfig(configSchema)), {
    logger: ['error', 'warn'],
  });
  try {
    const em = app.get(EntityManager);
    const seeded = app.get(SeedRepository);
    let pending = steps(app, community);
    const total = pending.length;
    const deadline = Date.now() + DEADLINE_MS;
    let catalogDoneAt: number | undefined;
    for (;;) {
      const progress = catalogSeedProgress();
      if (catalogDoneAt === undefined && progress.done) catalogDoneAt = Date.now();
      const { ready, waitsForFilm, ids } = await lookup(seeded, community, creatorEmails);
      const waiting: Step[] = [];
      for (const step of pending) {
        if (ready(step)) await step.apply(ids);
        else waiting.push(step);
      }
      if (waiting.length !== pending.length) log(`${total - waiting.length} of ${total} done`);
      pending = waiting;
      if (pending.length === 0) break;
      const onlyUnpublishedMissing = pending.every((step) => waitsForFilm(step, progress.published));
      const graceOver = catalogDoneAt !== undefined && Date.now() > catalogDoneAt + GRACE_MS;
      if ((catalogDoneAt !== undefined && (onlyUnpublishedMissing || graceOver)) || Date.now() > deadline) {
        for (const step of pending) log(`skipped (not published or not registered): ${step.label}`);
        break;
      }
      await sleep(POLL_MS);
    }
    await waitForOutboxDrained(em.fork());
    log(`demo community loaded: ${total - pending.length} of ${total}`);
  } finally {
    await app.close();
  }
}

seedMain('social', main);
