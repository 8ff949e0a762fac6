import 'reflect-metadata';
import { EntityManager } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig, seedMain, waitForOutboxDrained } from '@kinora/common';
import type { CriticExpertise } from '@kinora/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppModule } from './app.module';
import { configSchema } from './config';
import { CriticReviewsService } from './critic-reviews/critic-reviews.service';
import { CriticFollowsService } from './critics/critic-follows.service';
import { CriticsService } from './critics/critics.service';
import { InvitationsService } from './critics/invitations.service';
import { FollowsService } from './follows/follows.service';
import { LikesService } from './likes/likes.service';
import { ListsService } from './lists/lists.service';
import { ReviewsService } from './reviews/reviews.service';

interface DemoCritic {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  verified: boolean;
  bio: string;
  website?: string;
  expertise: CriticExpertise[];
  socialLinks: Record<string, string>;
}

interface Community {
  members: { key: string; email: string }[];
  critics: DemoCritic[];
  reviews: { member: string; film: string; rating: number; review: string }[];
  criticReviews: { critic: string; film: string; rating: number; title: string; review: string }[];
  likes: { member: string; films: string[] }[];
  follows: { member: string; creators: string[]; critics?: string[] }[];
  lists: { member: string; watchlist?: string[]; favorites?: string[] }[];
}

/**
 * One thing to seed: what it needs resolved first, and how to do it (idempotently). Members are
 * accounts by key, members' and critics' alike (a critic's account comes from their invitation).
 */
interface Step {
  label: string;
  members: string[];
  films: string[];
  creators: string[];
  critics?: string[];
  apply: (ids: Ids) => Promise<void>;
}

interface Ids {
  member: (key: string) => string;
  film: (title: string) => number;
  creator: (key: string) => number;
  critic: (key: string) => number;
}

/** Critics join as every critic does: an invitation, accepted with their profile. */
function criticSteps(app: INestApplicationContext, community: Community): Step[] {
  const invitations = app.get(InvitationsService);
  const critics = app.get(CriticsService);
  const em = app.get(EntityManager);
  return community.critics.map((critic) => ({
    label: `critic ${critic.key}`,
    members: [],
    films: [],
    creators: [],
    apply: async () => {
      const [existing] = await em
        .fork()
        .execute<unknown[]>('select 1 from critics where email = ?', [critic.email.toLowerCase()]);
      if (existing) return;
      const { token } = await invitations.issue(critic.email.toLowerCase(), 'demo-seed');
      const { criticId } = await invitations.accept({
        token,
        userData: {
          firstName: critic.firstName,
          lastName: critic.lastName,
          bio: critic.bio,
          website: critic.website,
          expertise: critic.expertise,
          socialLinks: critic.socialLinks,
        },
      });
      // Verification is an editorial decision; the demo critics come verified or not.
      await critics.setVerified(criticId, critic.verified);
    },
  }));
}

const log = (message: string) => console.log(`[social seed] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long the background seed waits for films still being transcoded. */
const DEADLINE_MS = 60 * 60_000;
const POLL_MS = 2_000;
/** How long steps waiting only for accounts may wait once the demo catalog is loaded. */
const ACCOUNTS_GRACE_MS = 60_000;

function steps(app: INestApplicationContext, community: Community): Step[] {
  const reviews = app.get(ReviewsService);
  const likes = app.get(LikesService);
  const follows = app.get(FollowsService);
  const lists = app.get(ListsService);
  const criticReviews = app.get(CriticReviewsService);
  const criticFollows = app.get(CriticFollowsService);
  const em = app.get(EntityManager);
  const out: Step[] = criticSteps(app, community);
  for (const entry of community.reviews) {
    out.push({
      label: `review of "${entry.film}" by ${entry.member}`,
      members: [entry.member],
      films: [entry.film],
      creators: [],
      apply: async (ids) => {
        const [existing] = await em
          .fork()
          .execute<unknown[]>('select 1 from reviews where film_id = ? and user_id = ?', [
            ids.film(entry.film),
            ids.member(entry.member),
          ]);
        // A member's own later edit is theirs: an existing review is never overwritten.
        if (!existing) {
          await reviews.write(ids.film(entry.film), ids.member(entry.member), {
            rating: entry.rating,
            review: entry.review,
          });
        }
      },
    });
  }
  for (const entry of community.criticReviews) {
    out.push({
      label: `critic review of "${entry.film}" by ${entry.critic}`,
      members: [entry.critic],
      films: [entry.film],
      creators: [],
      apply: async (ids) => {
        const [existing] = await em
          .fork()
          .execute<unknown[]>('select 1 from critic_reviews where film_id = ? and critic_id = ?', [
            ids.film(entry.film),
            ids.critic(entry.critic),
          ]);
        if (!existing) {
          const { critic, film, ...review } = entry;
          await criticReviews.write(ids.film(film), ids.member(critic), review);
        }
      },
      critics: [entry.critic],
    });
  }
  for (const entry of community.likes) {
    for (const film of entry.films) {
      out.push({
        label: `like of "${film}" by ${entry.member}`,
        members: [entry.member],
        films: [film],
        creators: [],
        apply: async (ids) => void (await likes.set(ids.film(film), ids.member(entry.member), true)),
      });
    }
  }
  for (const entry of community.follows) {
    for (const creator of entry.creators) {
      out.push({
        label: `follow of ${creator} by ${entry.member}`,
        members: [entry.member],
        films: [],
        creators: [creator],
        apply: async (ids) => void (await follows.set(ids.creator(creator), ids.member(entry.member), true)),
      });
    }
    for (const critic of entry.critics ?? []) {
      out.push({
        label: `follow of critic ${critic} by ${entry.member}`,
        members: [entry.member],
        films: [],
        creators: [],
        critics: [critic],
        apply: async (ids) =>
          void (await criticFollows.set(ids.critic(critic), ids.member(entry.member), true)),
      });
    }
  }
  for (const entry of community.lists) {
    for (const listType of ['watchlist', 'favorites'] as const) {
      for (const film of entry[listType] ?? []) {
        out.push({
          label: `${listType} entry "${film}" of ${entry.member}`,
          members: [entry.member],
          films: [film],
          creators: [],
          apply: async (ids) => void (await lists.add(ids.member(entry.member), ids.film(film), listType)),
        });
      }
    }
  }
  return out;
}

/** What social knows so far: members by key, published films by title, creators by key. */
async function lookup(em: EntityManager, community: Community, creatorEmails: Map<string, string>) {
  const users = await em.execute<{ id: string; email: string }[]>('select id, email from known_users');
  const userByEmail = new Map(users.map((user) => [user.email.toLowerCase(), user.id]));
  const films = await em.execute<{ id: number; title: string }[]>(
    `select id, title from films where status = 'published' and title is not null`,
  );
  const filmByTitle = new Map(films.map((film) => [film.title, film.id]));
  const creators = await em.execute<{ id: number; email: string }[]>(
    'select c.id, u.email from creators c join known_users u on u.id = c.user_id',
  );
  const creatorByEmail = new Map(creators.map((creator) => [creator.email.toLowerCase(), creator.id]));
  const critics = await em.execute<{ id: number; email: string }[]>('select id, email from critics');
  const criticByEmail = new Map(critics.map((critic) => [critic.email.toLowerCase(), critic.id]));
  const accounts = new Map(
    [...community.members, ...community.critics].map((account) => [account.key, account.email.toLowerCase()]),
  );
  const known = {
    member: (key: string) => userByEmail.get(accounts.get(key) ?? ''),
    film: (title: string) => filmByTitle.get(title),
    creator: (key: string) => creatorByEmail.get(creatorEmails.get(key) ?? ''),
    critic: (key: string) => criticByEmail.get(accounts.get(key) ?? ''),
  };
  const ready = (step: Step) =>
    step.members.every((key) => known.member(key) !== undefined) &&
    step.films.every((title) => known.film(title) !== undefined) &&
    step.creators.every((key) => known.creator(key) !== undefined) &&
    (step.critics ?? []).every((key) => known.critic(key) !== undefined);
  const ids: Ids = {
    member: (key) => known.member(key)!,
    film: (title) => known.film(title)!,
    creator: (key) => known.creator(key)!,
    critic: (key) => known.critic(key)!,
  };
  const waitsForFilm = (step: Step) => step.films.some((title) => known.film(title) === undefined);
  return { ready, waitsForFilm, ids };
}

/** Whether the demo catalog's seed has finished (its status file says done), when one is running. */
function catalogSeedDone(): boolean {
  const file = process.env.SEED_STATUS_FILE;
  if (!file || !existsSync(file)) return true;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { done?: boolean }).done === true;
  } catch {
    return false;
  }
}

/**
 * Demo community, social's part (`node dist/src/seed.js <demo-catalog.json>`, with
 * demo-community.json beside it): critics (invited and accepted), reviews, critic reviews, likes,
 * follows and list entries through social's own services, so ratings and follower counts reach catalog by the same events as any member's.
 * Steps wait until their members, films, creators and critics are known here. Once the demo
 * catalog's seed is done, steps waiting for a film that is not published (it failed, or is not in
 * the quick set) are reported and skipped; those waiting only for accounts (a new critic's,
 * created by auth from social's event) get up to ACCOUNTS_GRACE_MS more.
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
    let pending = steps(app, community);
    const total = pending.length;
    const deadline = Date.now() + DEADLINE_MS;
    let catalogDoneAt: number | undefined;
    for (;;) {
      if (catalogDoneAt === undefined && catalogSeedDone()) catalogDoneAt = Date.now();
      const { ready, waitsForFilm, ids } = await lookup(em.fork(), community, creatorEmails);
      const waiting: Step[] = [];
      for (const step of pending) {
        if (ready(step)) await step.apply(ids);
        else waiting.push(step);
      }
      if (waiting.length !== pending.length) log(`${total - waiting.length} of ${total} done`);
      pending = waiting;
      if (pending.length === 0) break;
      const onlyFilmsMissing = pending.every(waitsForFilm);
      const graceOver = catalogDoneAt !== undefined && Date.now() > catalogDoneAt + ACCOUNTS_GRACE_MS;
      if ((catalogDoneAt !== undefined && (onlyFilmsMissing || graceOver)) || Date.now() > deadline) {
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
