/**
 * Recommendations served and learned on the running platform (make up, with the demo seed).
 *
 *   npx tsx bench/recommend-serve/run.ts
 *
 * Signs a fresh member in and gives them a history as the player would (two demo films watched to
 * the end), waits for their rows, then measures with wrk, 64 connections each (BENCH_CONNECTIONS):
 *   home-member    GET /api/recommendations/home via the gateway, signed in (their own rows)
 *   home-visitor   the same without a session (trending per genre)
 *   user-member    GET /api/auth/user via the gateway, signed in: the leanest member call, for scale
 * and prints home-member's p99 against the target (< 20 ms). Then it queues one full recompute of the
 * model on analytics-worker's queue (BullMQ, as the schedule does) and reads the worker's CPU ticks
 * around it: the job's cost per 10,000 events (qualified member sessions and social ties), from the
 * demo's few hundred, so a rough figure (PostgreSQL's share is not in it).
 *
 * Settings: BENCH_GATEWAY_URL (http://127.0.0.1:8080), MAILDEV_URL (http://127.0.0.1:1080),
 * BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_CONNECTIONS (64), BENCH_THREADS (2); the platform's
 * KINORA_DB_PREFIX (kinora_), REDIS_URL (redis://127.0.0.1:6379) and REDIS_PREFIX (kinora:).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Queue, QueueEvents } from 'bullmq';
import { Client } from 'pg';

import { findRepoRoot } from '../../gateway/render.js';
import { signIn } from '../lib/session.js';
import {
  BenchError,
  fetchText,
  maildevUrlSetting,
  measure,
  ms,
  printTable,
  ratio,
  runWrkBench,
} from '../lib/wrk.js';

const TARGET_P99_US = 20_000;
const TICK_MS = 10;

interface Film {
  id: number;
  duration: number;
}

/** Plays `film` to its end as the player would: the session opened, then its closing update. */
async function watchToTheEnd(gatewayUrl: string, cookie: string, film: Film): Promise<void> {
  const seconds = Math.max(1, Math.round(film.duration * 60));
  const headers = { cookie, origin: gatewayUrl, 'content-type': 'application/json' };
  const sessionId = randomUUID();
  const started = new Date(Date.now() - (seconds + 5) * 1000);
  const opened = await fetch(`${gatewayUrl}/api/analytics/viewing-session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      sessionId,
      filmId: film.id,
      deviceType: 'desktop',
      sessionStartTime: started.toISOString(),
      startPosition: 0,
      referrer: null,
    }),
  });
  if (opened.status !== 202) throw new BenchError(`viewing-session answered ${opened.status}`, 2);
  const { token } = (await opened.json()) as { token: string };
  const ended = new Date(started.getTime() + seconds * 1000).toISOString();
  const closed = await fetch(`${gatewayUrl}/api/analytics/viewing-session/${sessionId}`, {
    method: 'PATCH',
    headers: { ...headers, 'x-viewing-session-token': token },
    body: JSON.stringify({
      sessionEndTime: ended,
      endPosition: seconds,
      totalWatchTime: seconds,
      pauseCount: 0,
      seekCount: 0,
      isCompleted: true,
    }),
  });
  if (closed.status !== 202) throw new BenchError(`closing the session answered ${closed.status}`, 2);
}

function ticksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** One full recompute queued on the worker's queue, and the worker's CPU it took. */
async function fullRecomputeCost(): Promise<{ cpuMs: number; wallMs: number; events: number }> {
  const pid = Number(
    readFileSync(join(findRepoRoot(), '.run', 'pids', 'analytics-worker.pid'), 'utf8').trim(),
  );
  const connection = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const prefix = `${process.env.REDIS_PREFIX ?? 'kinora:'}bull`;
  const queue = new Queue('analytics-recommendations', { connection, prefix });
  const events = new QueueEvents('analytics-recommendations', { connection, prefix });
  const db = new Client({
    connectionString: `postgres://postgres@127.0.0.1:5432/${process.env.KINORA_DB_PREFIX ?? 'kinora_'}analytics`,
  });
  await db.connect();
  try {
    await events.waitUntilReady();
    const { rows } = await db.query<{ n: number }>(
      `select (select count(*) from viewing_sessions where user_id is not null and qualified_at is not null)
            + (select count(*) from member_ties) as n`,
    );
    const before = ticksOf(pid);
    const started = Date.now();
    const job = await queue.add('full', { payload: {}, trace: {} }, { removeOnComplete: true });
    await job.waitUntilFinished(events, 300_000);
    return {
      cpuMs: (ticksOf(pid) - before) * TICK_MS,
      wallMs: Date.now() - started,
      events: Number(rows[0]!.n),
    };
  } finally {
    await db.end();
    await events.close();
    await queue.close();
  }
}

async function main(gatewayUrl: string): Promise<void> {
  const list = await fetchText(`${gatewayUrl}/api/films?limit=2&sort=newest`);
  const films = list.status === 200 ? (JSON.parse(list.body) as Film[]) : [];
  if (films.length < 2)
    throw new BenchError(
      'Two published films are needed: bring the platform up with the demo seed (make up)',
      2,
    );
  const cookie = await signIn(gatewayUrl, maildevUrlSetting());
  for (const film of films) await watchToTheEnd(gatewayUrl, cookie, film);
  for (let waited = 0; ; waited += 250) {
    const home = await fetchText(`${gatewayUrl}/api/recommendations/home`, { cookie });
    if (home.status === 200 && (JSON.parse(home.body) as { personalised: boolean }).personalised) break;
    if (waited > 30_000) throw new BenchError(`the member's rows did not come within 30 s: ${home.body}`, 1);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const rows = await measure([
    {
      name: 'home-member',
      description: 'GET /api/recommendations/home via gateway, signed in',
      url: `${gatewayUrl}/api/recommendations/home`,
      headers: { Cookie: cookie },
    },
    {
      name: 'home-visitor',
      description: 'the same, no session (trending per genre)',
      url: `${gatewayUrl}/api/recommendations/home`,
      headers: {},
    },
    {
      name: 'user-member',
      description: 'GET /api/auth/user via gateway, signed in',
      url: `${gatewayUrl}/api/auth/user`,
      headers: { Cookie: cookie },
    },
  ]);
  console.log('');
  printTable(rows);
  console.log('');
  console.log(ratio(rows, 'home-member', 'user-member'));
  const member = rows.find((row) => row.scenario.name === 'home-member')!.result;
  console.log(
    `home-member p99 = ${ms(member.p99Us)}, p50 = ${ms(member.p50Us)}   target p99 < 20 ms: ${
      member.p99Us < TARGET_P99_US ? 'met' : 'NOT met'
    }`,
  );

  const cost = await fullRecomputeCost();
  const per10k = cost.events > 0 ? (cost.cpuMs / cost.events) * 10_000 : 0;
  console.log(
    `full recompute: ${cost.events} events, ${cost.cpuMs} ms of analytics-worker CPU in ${cost.wallMs} ms: ${Math.round(per10k)} ms of CPU per 10,000 events`,
  );
}

runWrkBench(main);
