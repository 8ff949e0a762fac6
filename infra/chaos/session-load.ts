/**
 * Viewing-session ingestion under a fault: visitors, each with a viewing session on one film, send
 * the player's progress updates through the gateway every UPDATE_EVERY_MS, with totals that only
 * grow, one at a time as a player does.
 *
 * Every update answered 202 must end in the rollups, and nothing twice:
 * - each session's stored watch time is at least the largest one answered 202 (an update that was
 *   refused may still have reached the broker, so it may be larger: it is then one of the values
 *   that viewer sent, never a sum of them);
 * - the film-day rollup equals its sessions once analytics-worker has caught up: as many sessions
 *   as are stored, and their watch time summed once.
 */
import { randomUUID } from 'node:crypto';

import pg from 'pg';

import { call, Paced, Tally, until, withDatabase, type LoadOutcome } from './drill';

const UPDATE_EVERY_MS = 1_000;
const SETTLE_TIMEOUT_MS = 90_000;

interface Viewer {
  sessionId: string;
  token: string;
  watched: number;
  sentValues: Set<number>;
  maxAccepted: number;
}

export interface SessionLoadOptions {
  gateway: string;
  /** The analytics service's database: the stored sessions and the film-day rollup are read there. */
  analyticsDatabaseUrl: string;
  filmId: number;
  viewers: number;
}

export class SessionLoad {
  readonly tally = new Tally();
  private viewers: Viewer[] = [];
  private readonly paced = new Paced();

  constructor(private readonly options: SessionLoadOptions) {}

  private get headers() {
    return { 'content-type': 'application/json', origin: this.options.gateway };
  }

  /** Opens every viewer's session (before the fault), then sends updates until stop(). */
  async start(): Promise<void> {
    for (let index = 0; index < this.options.viewers; index++) {
      const sessionId = randomUUID();
      const opened = await call(
        `${this.options.gateway}/api/analytics/viewing-session`,
        {
          method: 'POST',
          headers: this.headers,
          body: JSON.stringify({
            sessionId,
            filmId: this.options.filmId,
            deviceType: 'desktop',
            sessionStartTime: new Date().toISOString(),
            startPosition: 0,
          }),
        },
        [202],
      );
      if (opened.verdict !== 'accepted') {
        throw new Error(`opening a viewing session answered ${opened.status}: ${opened.body}`);
      }
      const { token } = JSON.parse(opened.body) as { token: string };
      this.viewers.push({ sessionId, token, watched: 0, sentValues: new Set(), maxAccepted: 0 });
    }
    this.paced.start(this.viewers.length, UPDATE_EVERY_MS, (viewer) => this.update(this.viewers[viewer]!));
  }

  stop(): Promise<void> {
    return this.paced.stop();
  }

  private async update(viewer: Viewer): Promise<void> {
    viewer.watched += 1;
    const watched = viewer.watched;
    viewer.sentValues.add(watched);
    const answer = await call(
      `${this.options.gateway}/api/analytics/viewing-session/${viewer.sessionId}`,
      {
        method: 'PATCH',
        headers: { ...this.headers, 'x-viewing-session-token': viewer.token },
        body: JSON.stringify({
          endPosition: watched,
          totalWatchTime: watched,
          pauseCount: 0,
          seekCount: 0,
          updatedAt: new Date().toISOString(),
          watchedRanges: [{ start: 0, end: watched }],
        }),
      },
      [202],
    );
    this.tally.count('PATCH viewing-session', answer);
    if (answer.verdict === 'accepted') viewer.maxAccepted = Math.max(viewer.maxAccepted, watched);
  }

  /** Waits until every accepted update is stored and the rollup matches its sessions; then counts. */
  settle(): Promise<LoadOutcome> {
    return withDatabase(this.options.analyticsDatabaseUrl, async (client) => {
      const { stored, rollup } = await until(async () => {
        const value = await this.read(client);
        const lost = this.viewers.some(
          (viewer) => (value.stored.get(viewer.sessionId) ?? 0) < viewer.maxAccepted,
        );
        return { done: !lost && rollupMatches(value.rollup), value };
      }, SETTLE_TIMEOUT_MS);
      const lost = this.viewers.filter(
        (viewer) => (stored.get(viewer.sessionId) ?? 0) < viewer.maxAccepted,
      ).length;
      const duplicated = this.viewers.filter((viewer) => {
        const value = stored.get(viewer.sessionId);
        return value !== undefined && value > 0 && !viewer.sentValues.has(value);
      }).length;
      const withAccepted = this.viewers.filter((viewer) => viewer.maxAccepted > 0).length;
      return {
        what: `viewing-session updates (${this.viewers.length} sessions)`,
        ...this.tally.counts,
        inRollups: rollupMatches(rollup) ? withAccepted - lost : 0,
        lost,
        duplicated,
        problems: rollupMatches(rollup)
          ? []
          : [
              `the film-day rollup (${rollup.sessions} sessions, ${rollup.watchSeconds} s) is not its ` +
                `stored sessions (${rollup.storedSessions}, ${rollup.storedWatchSeconds} s)`,
            ],
      };
    });
  }

  private async read(client: pg.Client) {
    const stored = new Map(
      (
        await client.query<{ session_id: string; total_watch_time: number }>(
          'select session_id, total_watch_time from viewing_sessions where session_id = any($1::uuid[])',
          [this.viewers.map((viewer) => viewer.sessionId)],
        )
      ).rows.map((row) => [row.session_id, row.total_watch_time]),
    );
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
      [this.options.filmId],
    );
    const row = rows[0]!;
    return {
      stored,
      rollup: {
        sessions: row.sessions ?? 0,
        watchSeconds: row.watch_seconds ?? 0,
        storedSessions: row.stored_sessions,
        storedWatchSeconds: row.stored_watch_seconds,
      },
    };
  }
}

function rollupMatches(rollup: {
  sessions: number;
  watchSeconds: number;
  storedSessions: number;
  storedWatchSeconds: number;
}): boolean {
  return (
    rollup.sessions === rollup.storedSessions &&
    Math.abs(rollup.watchSeconds - rollup.storedWatchSeconds) < 0.001
  );
}
