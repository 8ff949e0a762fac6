import { migrate } from '@kinora/common';
import {
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  eventually,
  freePort,
  redisUrl,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { topicOf, ViewingSessionUpdateKind, ViewingSessionUpdatedSchema } from '@kinora/proto';
import { Queue } from 'bullmq';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DATABASE } from '../src/database';
import { ROLLUP_QUEUE } from '../src/rollups/rollups.queue';
import { publishFilm } from './harness';
import { assertBuilt, killAllServiceProcesses, ServiceProcess } from './service-process';

/*
 * Exactness under crashes: 100,000 viewing-session writes go over HTTP to the analytics API and
 * analytics-worker running as real processes (compiled output: `npx tsc -b tsconfig.build.json`
 * from the repository root first), which are SIGKILLed and restarted while the writes flow. Every
 * write is retried until accepted and some are sent twice on purpose; once the pipeline settles,
 * the rollups must equal both a from-scratch recompute over the stored raw events and the totals
 * of what the test sent: nothing lost, nothing counted twice.
 */

const ROOT = join(__dirname, '..', '..', '..');
const ANALYTICS = join(__dirname, '..');

// The view rule (docs/analytics-and-money.md), written out here rather than imported so the test
// states it independently of the code under test.
const VIEW_SECONDS = 30;
const SHORT_FILM_SECONDS = 60;
const COMPLETED_SHARE = 0.9;
const viewThreshold = (duration: number) =>
  duration > 0 && duration < SHORT_FILM_SECONDS ? duration / 2 : VIEW_SECONDS;

const SESSIONS = 2_000;
const UPDATES_PER_SESSION = 49;
const WRITES = SESSIONS * (1 + UPDATES_PER_SESSION);
const IN_FLIGHT = 64;
const DUPLICATE_SHARE = 0.02;
/** Sessions someone else also opens (same id, their own token) and writes into: to be ignored. */
const HIJACKED_SESSIONS = 20;
/** A write that cannot be delivered within this long fails the test instead of hanging it. */
const DELIVERY_DEADLINE_MS = 90_000;

jest.setTimeout(300_000);

const CREATOR_USERS = new Map([31, 32, 33].map((id) => [id, randomUUID()]));
const FILMS = [
  { id: 301, creatorId: 31, seconds: 40 }, // shorter than a minute: a view at 20 s
  { id: 302, creatorId: 31, seconds: 24 }, // a view at 12 s
  { id: 303, creatorId: 31, seconds: 300 },
  { id: 304, creatorId: 32, seconds: 90 },
  { id: 305, creatorId: 32, seconds: 1_800 },
  { id: 306, creatorId: 33, seconds: 5_400 },
] as const;
const filmById = new Map<number, (typeof FILMS)[number]>(FILMS.map((film) => [film.id, film]));

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 7.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/5.0 TV Safari/537.36',
];
const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;

/**
 * mulberry32: the sessions are planned from a seed, printed with the results, so a failing plan can
 * be replayed (EXACTNESS_SEED=<seed>; only its start times move with the clock).
 */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A version 4 UUID from the seeded generator. */
function uuid(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(rand() * 4)]!;
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Quarter seconds keep every sum exact in floating point, so totals compare with toBe. */
const quarter = (value: number) => Math.round(value * 4) / 4;

interface Write {
  method: 'POST' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body: string;
}

interface PlannedSession {
  sessionId: string;
  filmId: number;
  /** The UTC day the session started: its rollup bucket. */
  day: string;
  /** Who watched, as unique-viewer counts tell people apart: the member, or address and agent. */
  viewer: string;
  headers: Record<string, string>;
  start: Record<string, unknown>;
  updates: Array<Record<string, unknown>>;
  /** Opened again under the same id by someone else, whose writes must not count. */
  hijacker?: {
    headers: Record<string, string>;
    start: Record<string, unknown>;
    updates: Array<Record<string, unknown>>;
  };
}

/** What the test sent for one session, reduced by the view rule: the expected figures. */
interface Outcome {
  filmId: number;
  day: string;
  viewer: string;
  watchSeconds: number;
  viewed: boolean;
  completed: boolean;
}

function planSessions(seed: number, now: number): PlannedSession[] {
  const rand = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const members = Array.from({ length: 400 }, () => uuid(rand));
  const visitors = Array.from({ length: 500 }, (_, i) => ({
    ip: `81.${2 + (i % 7)}.${Math.floor(i / 7) % 250}.${10 + (i % 200)}`,
    agent: AGENTS[i % AGENTS.length]!,
  }));
  const identity = (): { headers: Record<string, string>; viewer: string } => {
    const forwardedFor = `203.0.113.${1 + Math.floor(rand() * 250)}`;
    if (rand() < 0.55) {
      const member = pick(members);
      return {
        headers: { 'x-user-id': member, 'x-forwarded-for': forwardedFor, 'user-agent': pick(AGENTS) },
        viewer: `m:${member}`,
      };
    }
    const visitor = pick(visitors);
    return {
      headers: { 'x-forwarded-for': visitor.ip, 'user-agent': visitor.agent },
      viewer: `v:${visitor.ip}|${visitor.agent}`,
    };
  };

  const sessions: PlannedSession[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const film = pick(FILMS);
    const duration = film.seconds;
    // Over the last two days and a bit, so sessions fall into two or three UTC days.
    const startedAt = new Date(now - 3_600_000 - Math.floor(rand() * 50 * 3_600_000));
    const { headers, viewer } = identity();
    const fractional = rand() < 0.25;
    const position = (value: number) => (fractional ? quarter(value) : Math.round(value));

    const threshold = viewThreshold(duration);
    const r = rand();
    const watchSeconds =
      r < 0.2
        ? Math.max(0, pick([threshold - 1, threshold - 0.25, threshold, threshold + 0.25]))
        : r < 0.35
          ? quarter(rand() * threshold * 0.9)
          : quarter(threshold + rand() * Math.max(duration * 1.1, 60));

    const startPosition = rand() < 0.7 ? 0 : Math.round(rand() * 0.4 * duration);
    const completion = COMPLETED_SHARE * duration;
    const c = rand();
    const furthestTarget = Math.max(
      startPosition,
      c < 0.2
        ? pick([Math.ceil(completion) - 1, Math.ceil(completion), completion - 0.25, completion + 0.25])
        : c < 0.45
          ? duration
          : startPosition + rand() * (0.85 * duration - startPosition),
    );
    // Some seek back near the end and watch a little again: the end position is not the furthest.
    const seekBackAt = rand() < 0.25 ? UPDATES_PER_SESSION - 5 : UPDATES_PER_SESSION;
    const seekTo = position(startPosition + (furthestTarget - startPosition) * 0.3);
    const ended = rand() < 0.6;

    const updates: Array<Record<string, unknown>> = [];
    let previous = startPosition;
    for (let k = 1; k <= UPDATES_PER_SESSION; k++) {
      let at: number;
      let from = previous;
      if (k <= seekBackAt) {
        at = position(startPosition + ((furthestTarget - startPosition) * k) / seekBackAt);
      } else {
        at = Math.min(furthestTarget, seekTo + (k - seekBackAt) * 0.5);
        if (k === seekBackAt + 1) from = seekTo;
      }
      const updatedAt = new Date(startedAt.getTime() + k * 30_000 + Math.floor(rand() * 1_000));
      updates.push({
        endPosition: at,
        totalWatchTime: quarter((watchSeconds * k) / UPDATES_PER_SESSION),
        pauseCount: Math.floor(k / 10),
        seekCount: k > seekBackAt ? 1 : 0,
        updatedAt: updatedAt.toISOString(),
        watchedRanges: at > from ? [{ start: from, end: at }] : [],
        ...(ended && k === UPDATES_PER_SESSION ? { sessionEndTime: updatedAt.toISOString() } : {}),
      });
      previous = at;
    }
    sessions.push({
      sessionId: uuid(rand),
      filmId: film.id,
      day: startedAt.toISOString().slice(0, 10),
      viewer,
      headers,
      start: {
        filmId: film.id,
        deviceType: pick(DEVICE_TYPES),
        sessionStartTime: startedAt.toISOString(),
        startPosition,
        referrer: rand() < 0.3 ? 'https://example.org/' : null,
      },
      updates,
    });
  }

  // A second writer on some sessions: another member, or a visitor from another address, on another
  // film and day, claiming far more. The session stays its first writer's.
  for (const session of sessions.slice(0, HIJACKED_SESSIONS)) {
    const other = FILMS.find((film) => film.id !== session.filmId)!;
    const headers: Record<string, string> = session.viewer.startsWith('m:')
      ? { 'x-user-id': uuid(rand), 'x-forwarded-for': '198.51.100.7', 'user-agent': AGENTS[0]! }
      : { 'x-forwarded-for': '198.51.100.8', 'user-agent': AGENTS[1]! };
    const startedAt = new Date(now - 30 * 3_600_000);
    session.hijacker = {
      headers,
      start: {
        filmId: other.id,
        deviceType: 'desktop',
        sessionStartTime: startedAt.toISOString(),
        startPosition: 0,
        referrer: null,
      },
      updates: [1, 2].map((k) => ({
        endPosition: other.seconds,
        totalWatchTime: 4_000 * k,
        pauseCount: 0,
        seekCount: 0,
        updatedAt: new Date(startedAt.getTime() + k * 30_000).toISOString(),
        watchedRanges: [{ start: 0, end: other.seconds }],
      })),
    };
  }
  return sessions;
}

/** The figures a session's own writes call for (what the owner sent; the hijacker's never count). */
function outcomeOf(session: PlannedSession): Outcome {
  const duration = filmById.get(session.filmId)!.seconds;
  let watchSeconds = 0;
  // Watched ranges count in whole seconds (start down, end up); positions as sent.
  let furthest = Number(session.start.startPosition);
  for (const update of session.updates) {
    watchSeconds = Math.max(watchSeconds, Number(update.totalWatchTime));
    furthest = Math.max(furthest, Number(update.endPosition));
    for (const range of update.watchedRanges as Array<{ start: number; end: number }>) {
      if (Math.ceil(range.end) > Math.floor(range.start)) furthest = Math.max(furthest, Math.ceil(range.end));
    }
  }
  return {
    filmId: session.filmId,
    day: session.day,
    viewer: session.viewer,
    watchSeconds,
    viewed: watchSeconds >= viewThreshold(duration),
    completed: duration > 0 && furthest >= COMPLETED_SHARE * duration,
  };
}

interface Figures {
  sessions: number;
  views: number;
  watchSeconds: number;
  completions: number;
  viewers: number;
}

/** Per film-day, creator-day and day, from per-session outcomes. */
function rollUp(outcomes: Outcome[]): {
  films: Record<string, Figures>;
  creators: Record<string, Omit<Figures, 'viewers'>>;
  days: Record<string, Figures>;
} {
  const films: Record<string, Figures & { who: Set<string> }> = {};
  const days: Record<string, Figures & { who: Set<string> }> = {};
  const creators: Record<string, Omit<Figures, 'viewers'>> = {};
  const add = (into: Record<string, Omit<Figures, 'viewers'>>, key: string, o: Outcome) => {
    const f = (into[key] ??= { sessions: 0, views: 0, watchSeconds: 0, completions: 0 });
    f.sessions += 1;
    f.views += o.viewed ? 1 : 0;
    f.watchSeconds += o.watchSeconds;
    f.completions += o.completed ? 1 : 0;
  };
  for (const o of outcomes) {
    const filmKey = `${o.filmId}:${o.day}`;
    films[filmKey] ??= { sessions: 0, views: 0, watchSeconds: 0, completions: 0, viewers: 0, who: new Set() };
    days[o.day] ??= { sessions: 0, views: 0, watchSeconds: 0, completions: 0, viewers: 0, who: new Set() };
    add(films, filmKey, o);
    add(days, o.day, o);
    add(creators, `${filmById.get(o.filmId)!.creatorId}:${o.day}`, o);
    films[filmKey].who.add(o.viewer);
    days[o.day].who.add(o.viewer);
  }
  const withViewers = (all: Record<string, Figures & { who: Set<string> }>) =>
    Object.fromEntries(Object.entries(all).map(([key, { who, ...f }]) => [key, { ...f, viewers: who.size }]));
  return { films: withViewers(films), creators, days: withViewers(days) };
}

/** Drops all-zero rows (a bucket only a hijacker wrote into is recomputed to zeros) and sorts keys. */
function normalized<T extends { sessions: number }>(rows: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(rows)
      .filter(([, row]) => row.sessions > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

interface Kill {
  /** Share of the writes accepted before the kill. */
  at: number;
  target: ServiceProcess;
}

interface RunReport {
  writes: number;
  duplicates: number;
  hijackWrites: number;
  attempts: number;
  failures: Record<string, number>;
  kills: string[];
  sendSeconds: number;
  settleSeconds: number;
  storedEvents: number;
  topicMessages: number;
  failedJobs: number;
}

interface Replicas {
  apis: number;
  workers: number;
  /** ROLLUP_CONCURRENCY of each worker. */
  rollupConcurrency: number;
}

/** One scenario's platform: its own database, topics and Redis prefix, API and worker replicas. */
class Scenario {
  database!: TestDatabase;
  kafka!: TestKafka;
  redis!: TestRedis;
  db!: Client;
  producer!: Producer;
  queue!: Queue;
  apis: ServiceProcess[] = [];
  workers: ServiceProcess[] = [];
  private logDir = '';

  constructor(
    private readonly replicas: Replicas,
    private readonly killPlan: (scenario: Scenario) => Kill[],
  ) {}

  async setUp(): Promise<void> {
    for (const dir of ['proto', 'contracts', 'services/common', 'services/analytics'])
      assertBuilt(join(ROOT, dir));
    this.logDir = mkdtempSync(join(tmpdir(), 'kinora-exactness-'));
    [this.database, this.kafka] = await Promise.all([
      createTestDatabase('analytics_exactness'),
      createTestKafka(),
    ]);
    this.redis = await createTestRedis();
    await migrate({ url: this.database.url, ...DATABASE });
    this.db = new Client({ connectionString: this.database.url });
    await this.db.connect();
    this.producer = new Kafka({ brokers: this.kafka.brokers, logLevel: logLevel.NOTHING }).producer({
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await this.producer.connect();
    this.queue = new Queue(ROLLUP_QUEUE.name, {
      connection: { url: redisUrl(), maxRetriesPerRequest: null },
      prefix: `${this.redis.prefix}bull`,
    });
    const processOf = async (name: string, entry: 'main' | 'worker') => {
      const port = await freePort();
      const env = {
        ...process.env,
        ...serviceEnv({
          port,
          database: this.database,
          kafka: this.kafka,
          redis: this.redis,
          extra: {
            // node-postgres names its connections after PGAPPNAME: the test sees this process's
            // transactions in pg_stat_activity.
            PGAPPNAME: name,
            LOG_LEVEL: 'warn',
            // A killed member's partitions move on after 6 s, not 30.
            KAFKA_SESSION_TIMEOUT_MS: '6000',
            KAFKA_FETCH_MAX_WAIT_MS: '500',
            OUTBOX_POLL_MS: '1000',
            ROLLUP_CONCURRENCY: String(this.replicas.rollupConcurrency),
          },
        }),
      };
      return new ServiceProcess(
        name,
        join(ANALYTICS, 'dist', 'src', `${entry}.js`),
        port,
        env,
        join(this.logDir, `${name}.log`),
      );
    };
    for (let i = 0; i < this.replicas.apis; i++)
      this.apis.push(await processOf(`analytics-${i + 1}`, 'main'));
    for (let i = 0; i < this.replicas.workers; i++)
      this.workers.push(await processOf(`analytics-worker-${i + 1}`, 'worker'));
    await Promise.all([...this.apis, ...this.workers].map((p) => p.start()));

    for (const film of FILMS) {
      await publishFilm(this, { ...film, userId: CREATOR_USERS.get(film.creatorId)! });
    }
    await eventually(
      async () =>
        (await this.db.query('select count(*)::int as n from films where duration_seconds > 0')).rows[0].n ===
        FILMS.length,
      30_000,
      'the API to take the films into its read model',
    );
  }

  async tearDown(): Promise<void> {
    await Promise.all([...this.apis, ...this.workers].map((p) => p.kill()));
    await Promise.allSettled([this.db?.end(), this.producer?.disconnect(), this.queue?.close()]);
    await Promise.allSettled([this.database?.drop(), this.kafka?.cleanup(), this.redis?.cleanup()]);
    // A failed start or settle has already quoted the logs' tails in its error.
    if (this.logDir) rmSync(this.logDir, { recursive: true, force: true });
  }

  logs(): string {
    return [...this.apis, ...this.workers].map((p) => `--- ${p.logFile} ---\n${p.logTail(2_000)}`).join('\n');
  }

  /** Sends every planned write (each until accepted), the chosen duplicates, while killing processes. */
  async run(sessions: PlannedSession[], seed: number): Promise<RunReport> {
    const rand = random(seed ^ 0x5eed);
    const agents = new Map(
      this.apis.map((api) => [api, new Agent({ keepAlive: true, maxSockets: IN_FLIGHT })]),
    );
    const failures: Record<string, number> = {};
    let attempts = 0;
    let accepted = 0;
    let duplicates = 0;
    let hijackWrites = 0;
    let turn = 0;
    let sending = true;
    /** Set when a sender or the chaos fails: everyone stops instead of retrying into torn-down processes. */
    let failure: unknown;
    const kills: string[] = [];
    const began = Date.now();

    const call = (api: ServiceProcess, write: Write) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: api.port,
            method: write.method,
            path: write.path,
            agent: agents.get(api),
            timeout: 15_000,
            headers: {
              ...write.headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(write.body),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('close', () =>
              res.complete
                ? resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() })
                : reject(Object.assign(new Error('response cut off'), { code: 'ECUTOFF' })),
            );
          },
        );
        req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
        req.on('error', reject);
        req.end(write.body);
      });

    // Like the gateway in front of the replicas: round robin, skipping a replica for a moment after
    // it refused a connection.
    const downUntil = new Map<ServiceProcess, number>();
    const pickApi = () => {
      const now = Date.now();
      for (let i = 0; i < this.apis.length; i++) {
        const api = this.apis[turn++ % this.apis.length]!;
        if ((downUntil.get(api) ?? 0) <= now) return api;
      }
      return this.apis[turn++ % this.apis.length]!;
    };

    /** At least once: retried (on whichever API is up) until a 202; any 4xx is a failure of the test. */
    const deliver = async (write: Write): Promise<string> => {
      const deadline = Date.now() + DELIVERY_DEADLINE_MS;
      for (let attempt = 0; ; attempt++) {
        if (failure) throw new Error('stopped: another sender failed');
        const api = pickApi();
        attempts += 1;
        let cause: string;
        try {
          const response = await call(api, write);
          if (response.status === 202) return response.body;
          if (response.status < 500)
            throw new Error(`${write.method} ${write.path} → ${response.status} ${response.body}`);
          cause = `http ${response.status}`;
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (!code) throw error;
          cause = code;
          if (code === 'ECONNREFUSED') downUntil.set(api, Date.now() + 250);
        }
        failures[cause] = (failures[cause] ?? 0) + 1;
        if (Date.now() > deadline) {
          throw new Error(
            `${write.method} ${write.path} not accepted within ${DELIVERY_DEADLINE_MS} ms (last: ${cause})`,
          );
        }
        // Straight on to another replica if there is one up; else wait for a restart.
        const elsewhere = this.apis.some(
          (other) => other !== api && (downUntil.get(other) ?? 0) <= Date.now(),
        );
        if (!elsewhere) await sleep(attempt < 3 ? 20 : 100);
      }
    };

    const play = async (session: PlannedSession) => {
      const headers = session.headers;
      const base = '/api/analytics/viewing-session';
      const opening: Write = {
        method: 'POST',
        path: base,
        headers,
        body: JSON.stringify({ sessionId: session.sessionId, ...session.start }),
      };
      const { token } = JSON.parse(await deliver(opening)) as { token: string };
      accepted += 1;
      const writes: Write[] = session.updates.map((update) => ({
        method: 'PATCH',
        path: `${base}/${session.sessionId}`,
        headers: { ...headers, 'x-viewing-session-token': token },
        body: JSON.stringify(update),
      }));
      // Duplicates go out again a few writes later (so sometimes after newer ones): at least once,
      // in any order, is what a player on a flaky network delivers.
      const again: Array<{ write: Write; after: number }> =
        rand() < DUPLICATE_SHARE ? [{ write: opening, after: 0 }] : [];
      const resend = async (index: number) => {
        for (const due of again.filter((d) => d.after <= index)) {
          again.splice(again.indexOf(due), 1);
          await deliver(due.write);
          duplicates += 1;
        }
      };
      for (const [index, write] of writes.entries()) {
        await deliver(write);
        accepted += 1;
        if (rand() < DUPLICATE_SHARE) again.push({ write, after: index + Math.floor(rand() * 4) });
        if (session.hijacker && index === 10) {
          const hijacker = session.hijacker;
          const { token: theirs } = JSON.parse(
            await deliver({
              method: 'POST',
              path: base,
              headers: hijacker.headers,
              body: JSON.stringify({ sessionId: session.sessionId, ...hijacker.start }),
            }),
          ) as { token: string };
          for (const update of hijacker.updates) {
            await deliver({
              method: 'PATCH',
              path: `${base}/${session.sessionId}`,
              headers: { ...hijacker.headers, 'x-viewing-session-token': theirs },
              body: JSON.stringify(update),
            });
          }
          hijackWrites += 1 + hijacker.updates.length;
        }
        await resend(index);
      }
      await resend(Number.MAX_SAFE_INTEGER);
    };

    const chaos = async () => {
      for (const kill of this.killPlan(this)) {
        while (sending && accepted < kill.at * WRITES) await sleep(25);
        if (!sending) return;
        // A worker dies in the middle of storing a batch (its transaction open), so the batch must
        // be rolled back and delivered again; an API dies with requests and a produce in hand.
        const midBatch = this.workers.includes(kill.target) && (await this.inBatch(kill.target));
        const at = Date.now();
        const written = accepted;
        await kill.target.kill();
        await kill.target.start();
        kills.push(
          `${kill.target.name} at ${((at - began) / 1000).toFixed(1)} s (${written} writes accepted` +
            `${midBatch ? ', mid-batch' : ''}), healthy again after ${((Date.now() - at) / 1000).toFixed(1)} s`,
        );
      }
    };

    let next = 0;
    const sender = async () => {
      try {
        while (next < sessions.length && !failure) await play(sessions[next++]!);
      } catch (error) {
        failure ??= error;
      }
    };
    const chaosDone = chaos().catch((error: unknown) => {
      failure ??= error;
    });
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    sending = false;
    for (const agent of agents.values()) agent.destroy();
    await chaosDone;
    if (failure) throw failure;
    const sendSeconds = (Date.now() - began) / 1000;

    const settling = Date.now();
    const { storedEvents, topicMessages } = await this.settle();
    const { failed } = await this.queue.getJobCounts('failed');
    return {
      writes: accepted,
      duplicates,
      hijackWrites,
      attempts,
      failures,
      kills,
      sendSeconds,
      settleSeconds: (Date.now() - settling) / 1000,
      storedEvents,
      topicMessages,
      failedJobs: failed ?? 0,
    };
  }

  /** Waits (up to 3 s) until `worker` is inside a batch's transaction: true if it was seen there. */
  private async inBatch(worker: ServiceProcess): Promise<boolean> {
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      const { rowCount } = await this.db.query(
        `select 1 from pg_stat_activity
          where application_name = $1 and xact_start is not null
            and (query ilike 'insert into session_events%' or query ilike 'insert into viewing_sessions%'
                 or query ilike '%from viewing_sessions where session_id in%for update'
                 or query ilike 'select id, duration_seconds from films%')`,
        [worker.name],
      );
      if (rowCount) return true;
      await sleep(2);
    }
    return false;
  }

  /**
   * Waits until nothing is left in flight, twice in a row a second apart: the worker group has
   * committed every message of the topic, no rollup job waits or runs, and every film day has
   * been recomputed up to the last event stored in its bucket.
   */
  private async settle(): Promise<{ storedEvents: number; topicMessages: number }> {
    const admin = new Kafka({ brokers: this.kafka.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const topic = `${this.kafka.prefix}${topicOf(ViewingSessionUpdatedSchema)}`;
    const groupId = `${this.kafka.prefix}analytics-worker-sessions`;
    let previous = '';
    let result = { storedEvents: 0, topicMessages: 0 };
    try {
      await eventually(
        async () => {
          const ends = await admin.fetchTopicOffsets(topic);
          const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
          const done = new Map(
            (committed?.partitions ?? []).map((p) => [p.partition, Math.max(0, Number(p.offset))]),
          );
          const lag = ends.reduce((sum, p) => sum + Number(p.high) - (done.get(p.partition) ?? 0), 0);
          const jobs = await this.queue.getJobCounts(
            'waiting',
            'active',
            'delayed',
            'prioritized',
            'waiting-children',
          );
          const pending = Object.values(jobs).reduce((sum, n) => sum + n, 0);
          const {
            rows: [state],
          } = await this.db.query(`
            select (select count(*) from session_events)::int as events,
                   (select count(*)::int from (select film_id, day, max(seq) as seq from session_events group by 1, 2) b
                      left join film_daily f using (film_id, day) where f.covered_seq is distinct from b.seq) as uncovered,
                   (select count(*)::int from (select distinct day from session_events) d
                      left join platform_daily p using (day) where p.day is null) as days_missing,
                   (select coalesce(max(computed_at), now())::text from platform_daily) as platform_at`);
          const snapshot = JSON.stringify({ lag, pending, ...state });
          const quiet = lag === 0 && pending === 0 && state.uncovered === 0 && state.days_missing === 0;
          const stable = quiet && snapshot === previous;
          previous = snapshot;
          result = {
            storedEvents: state.events,
            topicMessages: ends.reduce((sum, p) => sum + Number(p.high), 0),
          };
          if (!stable) await sleep(1_000);
          return stable;
        },
        180_000,
        'the pipeline to settle',
      );
    } catch (error) {
      throw new Error(`${String(error)}; last state ${previous}\n${this.logs()}`);
    } finally {
      await admin.disconnect();
    }
    return result;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The rollup tables as the dashboards read them. */
async function rollupTables(db: Client) {
  const films = await db.query(
    `select film_id, day::text as day, sessions, views, watch_seconds, completions, unique_viewers from film_daily`,
  );
  const creators = await db.query(
    `select creator_id, day::text as day, sessions, views, watch_seconds, completions from creator_daily`,
  );
  const days = await db.query(
    `select day::text as day, sessions, views, watch_seconds, completions, viewers from platform_daily where sessions > 0`,
  );
  return {
    films: normalized(
      Object.fromEntries(
        films.rows.map((r) => [
          `${r.film_id}:${r.day}`,
          {
            sessions: r.sessions,
            views: r.views,
            watchSeconds: r.watch_seconds,
            completions: r.completions,
            viewers: r.unique_viewers,
          },
        ]),
      ),
    ),
    creators: normalized(
      Object.fromEntries(
        creators.rows.map((r) => [
          `${r.creator_id}:${r.day}`,
          { sessions: r.sessions, views: r.views, watchSeconds: r.watch_seconds, completions: r.completions },
        ]),
      ),
    ),
    days: normalized(
      Object.fromEntries(
        days.rows.map((r) => [
          r.day,
          {
            sessions: r.sessions,
            views: r.views,
            watchSeconds: r.watch_seconds,
            completions: r.completions,
            viewers: r.viewers,
          },
        ]),
      ),
    ),
  };
}

/**
 * Each session's final state from session_events alone: the session is its first writer's (the
 * writer of its lowest seq), and only that writer's rows count; totals are the highest sent, the
 * furthest position the highest end position or watched-range end; then the view rule.
 */
const SESSIONS_FROM_EVENTS_SQL = `
  with owners as (
    select distinct on (session_id) session_id, writer, film_id, day
      from session_events order by session_id, seq),
  sessions as (
    select o.session_id, o.film_id, o.day,
           max(e.total_watch_time) as watch_seconds,
           greatest(max(e.end_position), coalesce(max(upper(e.watched)), 0)) as furthest,
           max(e.viewer_key) filter (where e.kind = $4) as viewer_key
      from owners o join session_events e on e.session_id = o.session_id and e.writer = o.writer
     group by o.session_id, o.film_id, o.day)
  select s.session_id, s.film_id, s.day::text as day, f.creator_id, coalesce(s.viewer_key, '') as viewer_key,
         s.watch_seconds,
         s.watch_seconds >= case when f.duration_seconds > 0 and f.duration_seconds < $1 then f.duration_seconds / 2 else $2 end as viewed,
         f.duration_seconds > 0 and s.furthest >= $3 * f.duration_seconds as completed
    from sessions s join films f on f.id = s.film_id`;

function describeScenario(title: string, replicas: Replicas, killPlan: (scenario: Scenario) => Kill[]) {
  describe(title, () => {
    const seed = Number(process.env.EXACTNESS_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const scenario = new Scenario(replicas, killPlan);
    let sessions: PlannedSession[];
    let report: RunReport;

    beforeAll(async () => {
      await scenario.setUp();
      sessions = planSessions(seed, Date.now());
      report = await scenario.run(sessions, seed);
      const sent = Object.values(rollUp(sessions.map(outcomeOf)).days).reduce(
        (sum, day) => ({
          sessions: sum.sessions + day.sessions,
          views: sum.views + day.views,
          completions: sum.completions + day.completions,
          watchSeconds: sum.watchSeconds + day.watchSeconds,
        }),
        { sessions: 0, views: 0, completions: 0, watchSeconds: 0 },
      );
      console.log(`${title} (seed ${seed}):\n${JSON.stringify({ ...report, sent }, null, 2)}`);
    }, 480_000);

    afterAll(() => scenario.tearDown(), 60_000);

    test('every write was accepted while each kind of process was killed at least twice', () => {
      expect(report.writes).toBe(WRITES);
      expect(report.hijackWrites).toBe(HIJACKED_SESSIONS * 3);
      expect(report.duplicates).toBeGreaterThan(WRITES * DUPLICATE_SHARE * 0.8);
      expect([...scenario.apis, ...scenario.workers].flatMap((p) => p.crashes)).toStrictEqual([]);
      const killed = (prefix: string) =>
        report.kills.filter((kill) => new RegExp(`^${prefix}-\\d `).test(kill)).length;
      expect({ apis: killed('analytics'), workers: killed('analytics-worker') }).toStrictEqual({
        apis: 2,
        workers: 2,
      });
      // Every accepted write is on the topic and stored (retries after a kill may add more).
      expect(report.storedEvents).toBeGreaterThanOrEqual(WRITES + report.duplicates + report.hijackWrites);
    });

    test('the rollups equal a recompute from the stored raw events', async () => {
      const { rows } = await scenario.db.query(SESSIONS_FROM_EVENTS_SQL, [
        SHORT_FILM_SECONDS,
        VIEW_SECONDS,
        COMPLETED_SHARE,
        ViewingSessionUpdateKind.STARTED,
      ]);
      expect(rows).toHaveLength(SESSIONS);
      // The second writers' rows are stored (and left out above): the binding was put to the test.
      const {
        rows: [foreign],
      } = await scenario.db.query(`
        with owners as (select distinct on (session_id) session_id, writer from session_events order by session_id, seq)
        select count(*)::int as n from session_events e join owners o using (session_id) where e.writer <> o.writer`);
      expect(foreign.n).toBeGreaterThanOrEqual(report.hijackWrites);
      const recomputed = rollUp(
        rows.map((r) => ({
          filmId: r.film_id,
          day: r.day,
          viewer: r.viewer_key,
          watchSeconds: r.watch_seconds,
          viewed: r.viewed,
          completed: r.completed,
        })),
      );
      // Unique viewers have a key: a session without one (none here) counts as nobody.
      expect(rows.every((r) => r.viewer_key !== '')).toBe(true);
      const tables = await rollupTables(scenario.db);
      expect(tables.films).toStrictEqual(normalized(recomputed.films));
      expect(tables.creators).toStrictEqual(normalized(recomputed.creators));
      expect(tables.days).toStrictEqual(normalized(recomputed.days));
    });

    test('the rollups equal the totals of what was sent', async () => {
      const outcomes = sessions.map(outcomeOf);
      const expected = rollUp(outcomes);
      const tables = await rollupTables(scenario.db);
      // Per film over all days first: the headline figures.
      const perFilm = (rows: Record<string, Figures>) => {
        const out: Record<string, Omit<Figures, 'viewers'>> = {};
        for (const [key, f] of Object.entries(rows)) {
          const film = key.split(':')[0]!;
          const sum = (out[film] ??= { sessions: 0, views: 0, watchSeconds: 0, completions: 0 });
          sum.sessions += f.sessions;
          sum.views += f.views;
          sum.watchSeconds += f.watchSeconds;
          sum.completions += f.completions;
        }
        return out;
      };
      expect(perFilm(tables.films)).toStrictEqual(perFilm(expected.films));
      expect(tables.films).toStrictEqual(normalized(expected.films));
      expect(tables.creators).toStrictEqual(normalized(expected.creators));
      expect(tables.days).toStrictEqual(normalized(expected.days));

      // And session by session, so a lost or misapplied write is named.
      const { rows } = await scenario.db.query(
        'select session_id, film_id, day::text as day, total_watch_time, qualified_at is not null as viewed, completed from viewing_sessions',
      );
      const stored = new Map(rows.map((r) => [r.session_id as string, r]));
      const wrong = sessions.flatMap((session, i) => {
        const want = outcomes[i]!;
        const got = stored.get(session.sessionId);
        const same =
          got &&
          got.film_id === want.filmId &&
          got.day === want.day &&
          got.total_watch_time === want.watchSeconds &&
          got.viewed === want.viewed &&
          got.completed === want.completed;
        return same ? [] : [{ sessionId: session.sessionId, want, got }];
      });
      expect({ sessions: stored.size, wrong: wrong.length, first: wrong.slice(0, 5) }).toStrictEqual({
        sessions: SESSIONS,
        wrong: 0,
        first: [],
      });
    });
  });
}

afterAll(() => killAllServiceProcesses());

// Two rollup recomputes run at once in both scenarios (two in one worker; one in each of two), so
// concurrent recomputes under the bucket locks are part of what is tested. The default of four per
// worker recomputes the same buckets back to back so often that on two cores it starves the API
// (about six times the PostgreSQL time), which only makes the run slower.
describeScenario(
  'one API and one worker, each killed twice',
  { apis: 1, workers: 1, rollupConcurrency: 2 },
  ({ apis, workers }) => [
    { at: 0.12, target: workers[0]! },
    { at: 0.3, target: apis[0]! },
    { at: 0.45, target: workers[0]! },
    { at: 0.62, target: apis[0]! },
  ],
);

describeScenario(
  'two APIs and two workers, each replica killed once',
  { apis: 2, workers: 2, rollupConcurrency: 1 },
  ({ apis, workers }) => [
    { at: 0.1, target: workers[0]! },
    { at: 0.25, target: apis[0]! },
    { at: 0.38, target: workers[1]! },
    { at: 0.55, target: apis[1]! },
  ],
);
