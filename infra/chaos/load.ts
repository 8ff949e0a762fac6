/**
 * The load every drill runs its fault under: visitors' viewing sessions and ad breaks, and a
 * member's reviews, all through the gateway; and what a drill needs to set it up (the films, a
 * member's and the admin's sessions, the databases the outcome is read from).
 */
import { databaseUrl, SERVICES, type ServiceName } from '../local/config';
import type { MetricsSource } from '../local/consumer-lag';
import { AdLoad } from './ad-load';
import { lagCleared, lagProblem, loadProblems, sleep, type LoadOutcome } from './drill';
import { renewSessions, type Sessions } from './probes';
import { ReviewLoad } from './review-load';
import { SessionLoad } from './session-load';

export interface DrillSetup {
  gateway: string;
  /** Published films' ids; the first is watched, a few are reviewed. */
  filmIds: number[];
  sessions: Sessions;
  /** Visitors sending viewing-session updates, and as many playing ad breaks. */
  viewers: number;
  log: (line: string) => void;
  /** Where every process's /metrics is read (the consumer lag); default: `make up`'s local ports. */
  metrics?: () => readonly MetricsSource[];
}

export function serviceDatabaseUrl(service: ServiceName): string {
  return databaseUrl(SERVICES.find((spec) => spec.name === service)!.database);
}

export class PlatformLoad {
  readonly loads: (SessionLoad | AdLoad | ReviewLoad)[];

  constructor(private readonly setup: DrillSetup) {
    const filmId = setup.filmIds[0]!;
    const analyticsDatabaseUrl = serviceDatabaseUrl('analytics');
    this.loads = [
      new SessionLoad({ gateway: setup.gateway, analyticsDatabaseUrl, filmId, viewers: setup.viewers }),
      new AdLoad({
        gateway: setup.gateway,
        analyticsDatabaseUrl,
        filmId,
        viewers: setup.viewers,
        adminCookie: setup.sessions.admin.cookie,
      }),
      new ReviewLoad({
        gateway: setup.gateway,
        socialDatabaseUrl: serviceDatabaseUrl('social'),
        member: setup.sessions.member,
        filmIds: setup.filmIds.slice(0, 3),
      }),
    ];
  }

  async start(): Promise<void> {
    await renewSessions(this.setup.gateway, this.setup.sessions);
    for (const load of this.loads) await load.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.loads.map((load) => load.stop()));
  }

  settle(): Promise<LoadOutcome[]> {
    return Promise.all(this.loads.map((load) => load.settle()));
  }

  /**
   * Seconds from `since` until every load had a call accepted again (Infinity if one had none);
   * polled until `timeoutMs` after `since`.
   */
  async recovered(since: number, timeoutMs: number): Promise<number> {
    const firsts = () => this.loads.map((load) => load.tally.firstAcceptedSince(since));
    while (firsts().some((first) => first === undefined) && Date.now() - since < timeoutMs) await sleep(250);
    const all = firsts();
    return all.some((first) => first === undefined)
      ? Infinity
      : (Math.max(...(all as number[])) - since) / 1000;
  }
}

/** The longest a drill waits, after its fault ends, for every load to be accepted again. */
const RECOVER_WAIT_MS = 60_000;

export interface UnderLoadOptions {
  /** Load before the fault, and again once every load is accepted again. */
  steadyMs: number;
  /** Seconds after the fault ends by which every load must be accepted again. */
  recoverWithinS: number;
}

/**
 * What every drill does around its fault: the load starts and runs steadily; `fault` runs (under
 * the load) and returns when it ended; the load goes on until every part of it is accepted again
 * and steadily after; then it stops, and what it sent is looked for where it should have ended,
 * and every consumer group must get back to no lag.
 */
export async function underLoad(
  setup: DrillSetup,
  options: UnderLoadOptions,
  fault: () => Promise<number>,
): Promise<{ loads: LoadOutcome[]; lines: string[]; problems: string[] }> {
  const load = new PlatformLoad(setup);
  try {
    // Inside the try: a part that fails to start stops the parts already started.
    await load.start();
    await sleep(options.steadyMs);
    const endedAt = await fault();
    const recoveredAfterS = await load.recovered(endedAt, RECOVER_WAIT_MS);
    await sleep(options.steadyMs);
    await load.stop();
    const loads = await load.settle();
    const lagClearedAfterS = await lagCleared(setup.metrics);
    return {
      loads,
      lines: [
        `every load accepted again ${recoveredAfterS.toFixed(1)} s after the fault ended`,
        `every consumer group's lag at 0 ${lagClearedAfterS.toFixed(1)} s after the loads settled`,
      ],
      problems: [
        ...loads.flatMap(loadProblems),
        ...lagProblem(lagClearedAfterS),
        ...(recoveredAfterS <= options.recoverWithinS
          ? []
          : [`a load had nothing accepted within ${options.recoverWithinS} s of the fault's end`]),
      ],
    };
  } finally {
    await load.stop();
  }
}
