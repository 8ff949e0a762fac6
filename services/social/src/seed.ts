import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { catalogSeedProgress, loadConfig, seedMain, waitForOutboxDrained } from '@kinora/common';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppModule } from './app.module';
import { configSchema } from './config';
import { steps, type Community, type Ids, type Step } from './seed/community';
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
/** A step that fails (a deadlock, a restart) is tried again on the next rounds, this many times in all. */
const ATTEMPTS = 5;

/**
 * Demo community, social's part (`node dist/src/seed.js <demo-catalog.json>`, with
 * demo-community.json beside it): critics (invited and accepted), reviews, critic reviews, likes,
 * follows and list entries through social's own services, so ratings and follower counts reach
 * catalog, and the members' ties (social.member-tie-changed.v1) reach their consumers, by the same
 * events as any member's.
 * Steps wait until their members, films, creators and critics are known here. Once the demo
 * catalog's seed is done, steps waiting for a film it did not publish (it failed, or is not in the
 * quick set) are reported and skipped; those waiting for accounts (a new critic's, created by auth
 * from social's event) or for a published film's event get up to GRACE_MS more. A step that
 * throws is logged and tried again, up to ATTEMPTS times.
 */
async function main(manifestPath: string): Promise<void> {
  const catalog = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    creators: { key: string; email: string }[];
    films: { title: string; creator: string }[];
  };
  const communityPath = join(dirname(manifestPath), 'demo-community.json');
  if (!existsSync(communityPath)) {
    log(`no ${communityPath}: nothing to do`);
    return;
  }
  const community = JSON.parse(readFileSync(communityPath, 'utf8')) as Community;
  const creators = new Map(
    catalog.creators.map((c) => [
      c.key,
      {
        email: c.email.toLowerCase(),
        films: catalog.films.filter((film) => film.creator === c.key).map((film) => film.title),
      },
    ]),
  );
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadConfig(configSchema)), {
    logger: ['error', 'warn'],
  });
  try {
    const em = app.get(EntityManager);
    const seeded = app.get(SeedRepository);
    let pending = steps(app, community);
    const total = pending.length;
    const failures = new Map<Step, number>();
    const deadline = Date.now() + DEADLINE_MS;
    let catalogDoneAt: number | undefined;
    for (;;) {
      const progress = catalogSeedProgress();
      if (catalogDoneAt === undefined && progress.done) catalogDoneAt = Date.now();
      const { ready, waitsForFilm, ids } = await lookup(seeded, community, creators);
      const waiting: Step[] = [];
      for (const step of pending) {
        if (!ready(step)) waiting.push(step);
        else if (!(await applied(step, ids, failures))) waiting.push(step);
      }
      if (waiting.length !== pending.length) log(`${total - waiting.length} of ${total} done`);
      pending = waiting.filter((step) => (failures.get(step) ?? 0) < ATTEMPTS);
      if (pending.length === 0) break;
      const since = catalogDoneAt === undefined ? 0 : Date.now() - catalogDoneAt;
      // A step that failed has its attempts; one that waits, its grace (none for an unpublished
      // film, or a creator none of whose films was published).
      const givenUp = (step: Step) =>
        !failures.has(step) && (waitsForFilm(step, progress.published) || since > GRACE_MS);
      if ((catalogDoneAt !== undefined && pending.every(givenUp)) || Date.now() > deadline) {
        for (const step of pending) log(`skipped (not published or not registered): ${step.label}`);
        break;
      }
      await sleep(POLL_MS);
    }
    await waitForOutboxDrained(em.fork());
    const done = total - pending.length - [...failures.values()].filter((n) => n >= ATTEMPTS).length;
    log(`demo community loaded: ${done} of ${total}`);
  } finally {
    await app.close();
  }
}

/** Applies the step; a failure is logged and counted, and the step stays for another round. */
async function applied(step: Step, ids: Ids, failures: Map<Step, number>): Promise<boolean> {
  try {
    await step.apply(ids);
    return true;
  } catch (error) {
    const attempts = (failures.get(step) ?? 0) + 1;
    failures.set(step, attempts);
    const outcome = attempts < ATTEMPTS ? 'will try again' : 'given up';
    log(`failed (${attempts} of ${ATTEMPTS}, ${outcome}): ${step.label}: ${(error as Error).message}`);
    return false;
  }
}

seedMain('social', main);
