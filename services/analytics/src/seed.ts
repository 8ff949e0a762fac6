import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { catalogSeedProgress, loadConfig, seedApiUrl, seedMain } from '@kinora/common';
import { VIEWING_SESSION_UPDATE_INTERVAL_S } from '@kinora/contracts';
import { configSchema } from './config';
import { DEMO_AGENTS, DEMO_ADDRESSES } from './seed/demo-clients';
import { random } from './seed/random';
import { pickFilm, tasteOf, type Taste } from './seed/tastes';

/** How many sessions the demo traffic plays, and over how many past days. */
const SESSIONS = { full: 360, small: 120 } as const;
const DAYS = 90;
const POLL_MS = 2_000;
const DEADLINE_MS = 60 * 60_000;
/** How long it waits, once the demo catalog is loaded, for the events of films published last. */
const FILMS_GRACE_MS = 60_000;
const DAY_MS = 86_400_000;

const log = (message: string) => console.log(`[analytics seed] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every demo session says it came from here, so a platform that has them is not seeded twice. */
const DEMO_REFERRER = 'https://demo.kinora.test/';

/** The n-th demo session's id: the same on a re-run that was cut short (its writes merge, never add up). */
const sessionId = (n: number, filmId: number) => {
  const hex = createHash('sha256').update(`kinora-demo-session-${n}-${filmId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

interface Film {
  id: number;
  duration_seconds: number;
  genre: string;
  creatorId: number;
}

/**
 * Demo traffic (`node dist/src/seed.js <demo-catalog.json>`): once the demo catalog is published,
 * plays a few hundred viewing sessions spread over the last 90 days through the analytics API,
 * as the player and the gateway would send them — from demo members and visitors, with client
 * addresses (X-Forwarded-For) and User-Agents of several countries and devices, watching varied
 * shares of the films, each member to a taste of their own (seed/tastes.ts) — so a fresh platform's
 * dashboards show real aggregates and its recommendations have something to learn. Once per platform:
 * it does nothing where demo sessions were stored already.
 */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const api = seedApiUrl(config.PORT);
  const db = new Client({ connectionString: config.DATABASE_URL });
  await db.connect();
  let films: Film[] = [];
  let members: string[] = [];
  try {
    const deadline = Date.now() + DEADLINE_MS;
    let doneAt: number | undefined;
    for (;;) {
      const { done, published } = catalogSeedProgress();
      if (done) doneAt ??= Date.now();
      films = (
        await db.query<Film>(
          `select id, duration_seconds, genre, creator_id as "creatorId" from films
            where status = 'published' and duration_seconds > 0 and not deleted order by id`,
        )
      ).rows;
      // Every film the catalog published is here once its event is (each gets its share of traffic).
      const allHere =
        films.length >= published.size || (doneAt !== undefined && Date.now() > doneAt + FILMS_GRACE_MS);
      if ((done && films.length > 0 && allHere) || Date.now() > deadline) break;
      await sleep(POLL_MS);
    }
    const [played] = (
      await db.query(`select 1 from viewing_sessions where referrer = $1 limit 1`, [DEMO_REFERRER])
    ).rows;
    if (played) {
      log('demo traffic already played: nothing to do');
      return;
    }
    members = (
      await db.query<{ id: string }>(
        `select id from known_users where email like '%@members.kinora.test' order by id`,
      )
    ).rows.map((row) => row.id);
  } finally {
    await db.end();
  }
  if (films.length === 0) {
    log('no published film: nothing to play');
    return;
  }
  const count = process.env.KINORA_SEED === 'small' ? SESSIONS.small : SESSIONS.full;
  // Each demo member's taste, drawn from a stream of its own so it does not shift the sessions'.
  const tasteStream = random(0x7a57e);
  const tastes = new Map(members.map((id) => [id, tasteOf(films, tasteStream)]));
  let writes = 0;
  for (let n = 0; n < count; n++) writes += await play(api, n, films, members, tastes);
  log(
    `demo traffic: ${count} sessions (${writes} writes) over ${films.length} films and the last ${DAYS} days`,
  );
}

/** Plays the n-th session: start, an update every 30 s of film watched, and the end. Returns the writes sent. */
async function play(
  api: string,
  n: number,
  films: Film[],
  members: string[],
  tastes: Map<string, Taste>,
): Promise<number> {
  const next = random(n + 1);
  const userId = members.length > 0 && next() < 0.45 ? members[Math.floor(next() * members.length)]! : null;
  // Members mostly watch to their taste; popularity falls with the film's place, so the dashboards
  // have a clear top 5.
  const film = pickFilm(films, userId ? tastes.get(userId)! : null, next);
  const address = DEMO_ADDRESSES[Math.floor(next() ** 1.3 * DEMO_ADDRESSES.length)]!;
  const agent = DEMO_AGENTS[Math.floor(next() * DEMO_AGENTS.length)]!;
  // Older days see a little less traffic than recent ones: the growth charts grow.
  const startedAt = new Date(Date.now() - Math.floor(DAYS * next() ** 1.4 * DAY_MS) - 10 * 60_000);
  const duration = film.duration_seconds;
  const share = next() < 0.55 ? 1 : next();
  const watched = Math.max(1, Math.round(duration * share));
  const headers = {
    'content-type': 'application/json',
    'user-agent': agent.userAgent,
    'x-forwarded-for': address,
    ...(userId ? { 'x-user-id': userId } : {}),
  };
  const id = sessionId(n, film.id);
  const opened = await send(`${api}/api/analytics/viewing-session`, 'POST', headers, {
    sessionId: id,
    filmId: film.id,
    deviceType: agent.deviceType,
    sessionStartTime: startedAt.toISOString(),
    startPosition: 0,
    referrer: DEMO_REFERRER,
  });
  const { token } = (await opened.json()) as { token: string };
  let writes = 1;
  const pauses = Math.floor(next() * 3);
  for (
    let at = Math.min(watched, VIEWING_SESSION_UPDATE_INTERVAL_S);
    ;
    at = Math.min(watched, at + VIEWING_SESSION_UPDATE_INTERVAL_S)
  ) {
    const last = at >= watched;
    const updatedAt = new Date(startedAt.getTime() + (at + pauses * 4) * 1000);
    await send(
      `${api}/api/analytics/viewing-session/${id}`,
      'PATCH',
      { ...headers, 'x-viewing-session-token': token },
      {
        endPosition: at,
        totalWatchTime: at,
        pauseCount: pauses,
        seekCount: 0,
        updatedAt: updatedAt.toISOString(),
        watchedRanges: [{ start: at - Math.min(at, VIEWING_SESSION_UPDATE_INTERVAL_S), end: at }],
        bitrateKbps: agent.deviceType === 'mobile' ? 800 : 2_400,
        ...(last ? { sessionEndTime: updatedAt.toISOString() } : {}),
      },
    );
    writes++;
    if (last) return writes;
  }
}

async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { method, headers, body: JSON.stringify(body) }).catch(
      (error: unknown) => error as Error,
    );
    if (response instanceof Response && response.status === 202) return response;
    if (attempt >= 10) {
      const reason =
        response instanceof Response ? `${response.status} ${await response.text()}` : response.message;
      throw new Error(`${method} ${url}: ${reason}`);
    }
    await sleep(500 * attempt);
  }
}

seedMain('analytics', main);
