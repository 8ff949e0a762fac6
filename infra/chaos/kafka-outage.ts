/**
 * Fault drill: Kafka stops for a while and starts again in the middle of viewing-session ingestion.
 *
 * Viewers (visitors, each with a viewing session on one film) send the player's progress updates
 * through the gateway every UPDATE_EVERY_MS, with totals that only grow. Some time in, the broker
 * is stopped (SIGTERM, as `make down` stops it) for `outageMs`, then started again with its data,
 * and the viewers go on until updates are accepted again and for `steadyMs` more. No service is
 * restarted. While the broker is away the API answers 503 within 10 s (the player tries again).
 *
 * Every update the API answered 202 for must end in the rollups, and nothing twice:
 * - each session's stored watch time is at least the largest one answered 202 (an update that
 *   answered 503 may still have reached the broker, so it may be larger: it is then one of the
 *   values that viewer sent, never a sum of them);
 * - the film-day rollup equals its sessions, once analytics-worker has caught up: as many sessions
 *   as are stored, and their watch time summed once.
 */
import { randomUUID } from 'node:crypto';

import pg from 'pg';

import { REPLICAS, SERVICES, WORKERS } from '../local/config';
import { ensureKafka } from '../local/kafka';
import { stop } from '../local/proc';

export interface KafkaOutageOptions {
  gateway: string;
  /** The analytics service's database (the drill reads the stored sessions and the rollup). */
  analyticsDatabaseUrl: string;
  filmId: number;
  viewers: number;
  outageMs: number;
  /** Before the outage, and again after the broker is back. */
  steadyMs: number;
  /** The /metrics URL of every service and worker: each consumer group's lag must get back to 0. */
  metricsUrls: string[];
  log?: (line: string) => void;
}

export interface KafkaOutageReport {
  sessions: number;
  sent: number;
  accepted: number;
  refused: number;
  /** Answers neither 202 nor 503 (a 5xx of another kind, a 4xx, a dropped connection), and the first few. */
  unexpected: number;
  unexpectedAnswers: string[];
  /** Accepted updates whose watch time the stored session does not reach. */
  lost: number;
  /** Stored sessions whose watch time is none of the values their viewer sent (summed twice, say). */
  duplicated: number;
  /** The film-day rollup: its sessions and watch seconds, and what its stored sessions add up to. */
  rollup: { sessions: number; watchSeconds: number; storedSessions: number; storedWatchSeconds: number };
  /** Seconds from the broker's restart to the first accepted update. */
  recoveredAfterS: number;
  /** Seconds, once the rollup matched, until every consumer group of every process had no lag. */
  lagClearedAfterS: number;
}

const UPDATE_EVERY_MS = 1_000;
const SETTLE_TIMEOUT_MS = 90_000;
/** The longest the drill waits, after the restart, for an update to be accepted again. */
const RECOVER_WAIT_MS = 60_000;
/** The longest the drill waits for every consumer group's lag to get back to 0. */
const LAG_WAIT_MS = 60_000;

interface Viewer {
  sessionId: string;
  token: string;
  watched: number;
  sentValues: Set<number>;
  maxAccepted: number;
}

export async function runKafkaOutage(options: KafkaOutageOptions): Promise<KafkaOutageReport> {
  const log = options.log ?? (() => undefined);
  const headers = { 'content-type': 'application/json', origin: options.gateway };
  const counts = { sent: 0, accepted: 0, refused: 0, unexpected: 0 };
  const unexpected: string[] = [];
  let restartedAt = 0;
  let firstAcceptedAfterRestart = 0;

  const viewers: Viewer[] = [];
  for (let index = 0; index < options.viewers; index++) {
    const sessionId = randomUUID();
    const response = await fetch(`${options.gateway}/api/analytics/viewing-session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        sessionId,
        filmId: options.filmId,
        deviceType: 'desktop',
        sessionStartTime: new Date().toISOString(),
        startPosition: 0,
      }),
    });
    if (response.status !== 202) {
      throw new Error(`opening a session answered ${response.status}: ${await response.text()}`);
    }
    const { token } = (await response.json()) as { token: string };
    viewers.push({ sessionId, token, watched: 0, sentValues: new Set(), maxAccepted: 0 });
  }

  let running = true;
  const update = async (viewer: Viewer) => {
    viewer.watched += 1;
    const watched = viewer.watched;
    viewer.sentValues.add(watched);
    counts.sent++;
    try {
      const response = await fetch(`${options.gateway}/api/analytics/viewing-session/${viewer.sessionId}`, {
        method: 'PATCH',
        headers: { ...headers, 'x-viewing-session-token': viewer.token },
        body: JSON.stringify({
          endPosition: watched,
          totalWatchTime: watched,
          pauseCount: 0,
          seekCount: 0,
          updatedAt: new Date().toISOString(),
          watchedRanges: [{ start: 0, end: watched }],
        }),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      if (response.status === 202) {
        counts.accepted++;
        viewer.maxAccepted = Math.max(viewer.maxAccepted, watched);
        if (restartedAt && !firstAcceptedAfterRestart) firstAcceptedAfterRestart = Date.now();
      } else if (response.status === 503) {
        counts.refused++;
      } else {
        counts.unexpected++;
        unexpected.push(`${response.status} ${text.slice(0, 200)}`);
      }
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        counts.refused++;
      } else {
        counts.unexpected++;
        unexpected.push(`no answer: ${String(error)}`);
      }
    }
  };
  // Each viewer sends one update at a time, every UPDATE_EVERY_MS, as a player does.
  const loops = viewers.map(async (viewer) => {
    while (running) {
      const started = Date.now();
      await update(viewer);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, UPDATE_EVERY_MS - (Date.now() - started))),
      );
    }
  });

  await new Promise((resolve) => setTimeout(resolve, options.steadyMs));
  log(
    `kafka-outage: stopping Kafka for ${options.outageMs / 1000} s (${counts.accepted} updates accepted so far)`,
  );
  await stop('kafka', 30_000);
  await new Promise((resolve) => setTimeout(resolve, options.outageMs));
  await ensureKafka();
  restartedAt = Date.now();
  log('kafka-outage: Kafka is back');
  // Then until the first update is accepted again (or RECOVER_WAIT_MS), and steadily for as long as before.
  while (!firstAcceptedAfterRestart && Date.now() - restartedAt < RECOVER_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, options.steadyMs));
  running = false;
  await Promise.all(loops);

  const report = await settle(options, viewers);
  const lagClearedAfterS = await lagCleared(options.metricsUrls);
  return {
    lagClearedAfterS,
    sessions: viewers.length,
    ...counts,
    unexpectedAnswers: unexpected.slice(0, 5),
    ...report,
    recoveredAfterS: firstAcceptedAfterRestart ? (firstAcceptedAfterRestart - restartedAt) / 1000 : Infinity,
  };
}

/** Seconds until the summed kafka_consumer_lag of every process is 0 (Infinity after LAG_WAIT_MS). */
async function lagCleared(metricsUrls: string[]): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < LAG_WAIT_MS) {
    const texts = await Promise.all(
      metricsUrls.map((url) =>
        fetch(url)
          .then((response) => response.text())
          .catch(() => 'kafka_consumer_lag{unreachable="1"} 1'),
      ),
    );
    const lag = texts
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.startsWith('kafka_consumer_lag'))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    if (lag === 0) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return Infinity;
}

/** Waits until every accepted update is stored and the rollup matches its sessions; then counts. */
async function settle(options: KafkaOutageOptions, viewers: Viewer[]) {
  const client = new pg.Client({ connectionString: options.analyticsDatabaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const stored = new Map(
        (
          await client.query<{ session_id: string; total_watch_time: number }>(
            'select session_id, total_watch_time from viewing_sessions where session_id = any($1::uuid[])',
            [viewers.map((viewer) => viewer.sessionId)],
          )
        ).rows.map((row) => [row.session_id, row.total_watch_time]),
      );
      const lost = viewers.filter(
        (viewer) => (stored.get(viewer.sessionId) ?? 0) < viewer.maxAccepted,
      ).length;
      const duplicated = viewers.filter((viewer) => {
        const value = stored.get(viewer.sessionId);
        return value !== undefined && value > 0 && !viewer.sentValues.has(value);
      }).length;
      const { rows } = await client.query<{
        sessions: number | null;
        watch_seconds: number | null;
        stored_sessions: number;
        stored_watch_seconds: number;
      }>(
        `select f.sessions, f.watch_seconds,
                (select count(*)::int from viewing_sessions s where s.film_id = $1 and s.day = current_date) as stored_sessions,
                (select coalesce(sum(total_watch_time), 0)::float8 from viewing_sessions s
                  where s.film_id = $1 and s.day = current_date) as stored_watch_seconds
           from (select 1) one
           left join film_daily f on f.film_id = $1 and f.day = current_date`,
        [options.filmId],
      );
      const row = rows[0]!;
      const rollup = {
        sessions: row.sessions ?? 0,
        watchSeconds: row.watch_seconds ?? 0,
        storedSessions: row.stored_sessions,
        storedWatchSeconds: row.stored_watch_seconds,
      };
      const caughtUp =
        rollup.sessions === rollup.storedSessions &&
        Math.abs(rollup.watchSeconds - rollup.storedWatchSeconds) < 0.001;
      if ((lost === 0 && caughtUp) || Date.now() > deadline) return { lost, duplicated, rollup };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

/** The problems a Kafka drill's report shows (none: it passed). */
export function kafkaOutageProblems(report: KafkaOutageReport, recoverWithinS: number): string[] {
  const problems: string[] = [];
  if (report.accepted === 0) problems.push('no update was accepted at all');
  if (report.unexpected > 0) {
    problems.push(
      `${report.unexpected} updates answered neither 202 nor 503: ${report.unexpectedAnswers.join(' | ')}`,
    );
  }
  if (report.lost > 0) problems.push(`${report.lost} sessions lack an update answered 202`);
  if (report.duplicated > 0) problems.push(`${report.duplicated} sessions hold a watch time no viewer sent`);
  const { rollup } = report;
  if (
    rollup.sessions !== rollup.storedSessions ||
    Math.abs(rollup.watchSeconds - rollup.storedWatchSeconds) > 0.001
  ) {
    problems.push(
      `the rollup (${rollup.sessions} sessions, ${rollup.watchSeconds} s) is not its sessions (${rollup.storedSessions}, ${rollup.storedWatchSeconds} s)`,
    );
  }
  if (!(report.lagClearedAfterS <= LAG_WAIT_MS / 1000)) {
    problems.push(
      'a consumer group still had lag a minute after the rollup matched (a consumer that did not come back)',
    );
  }
  if (!(report.recoveredAfterS <= recoverWithinS)) {
    problems.push(`no update accepted within ${recoverWithinS} s of Kafka's restart`);
  }
  return problems;
}

export function describeKafkaOutage(report: KafkaOutageReport): string {
  return [
    `kafka outage: ${report.sessions} sessions, ${report.sent} updates sent, ${report.accepted} accepted (202),`,
    `  ${report.refused} refused (503 or no answer in 60 s) · ${report.unexpected} other answers · lost ${report.lost} · duplicated ${report.duplicated}`,
    `  rollup: ${report.rollup.sessions} sessions / ${report.rollup.watchSeconds} s watched;`,
    `  stored: ${report.rollup.storedSessions} / ${report.rollup.storedWatchSeconds} s`,
    `  first update accepted ${report.recoveredAfterS.toFixed(1)} s after Kafka's restart;`,
    `  every consumer group's lag at 0 ${report.lagClearedAfterS.toFixed(1)} s after the rollup matched`,
  ].join('\n');
}

/** The /metrics URL of every process `make up` runs (services, their replicas, workers). */
export function platformMetricsUrls(): string[] {
  return [...SERVICES, ...REPLICAS, ...WORKERS].map(({ port }) => `http://127.0.0.1:${port}/metrics`);
}
