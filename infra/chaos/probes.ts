/**
 * The drills' view of each service through the gateway: one signed-in read per service that its
 * own database answers (not the gateway's cache), sampled while a fault lasts, so a drill can say
 * which services answered, which refused with a JSON 502/503, and which failed otherwise.
 */
import type { ServiceName } from '../local/config';
import { call, Paced, sleep, type Verdict } from './drill';

export interface Sessions {
  member: { cookie: string; userId: string };
  admin: { cookie: string };
}

interface Probe {
  service: ServiceName;
  path: string;
  cookie: string;
}

function probes(sessions: Sessions, filmId: number): Probe[] {
  const { member, admin } = sessions;
  return [
    { service: 'auth', path: '/api/auth/user', cookie: member.cookie },
    // The admin's: a member's catalog reads share the gateway's micro-cache, which answers them
    // from a stale copy while catalog is away.
    { service: 'catalog', path: `/api/films/${filmId}`, cookie: admin.cookie },
    { service: 'social', path: '/api/notifications/unread-count', cookie: member.cookie },
    { service: 'ads', path: '/api/ads/campaigns', cookie: admin.cookie },
    { service: 'analytics', path: '/api/analytics/history', cookie: member.cookie },
    { service: 'admin', path: '/api/admin/stats', cookie: admin.cookie },
  ];
}

/**
 * Renews both session cookies as a browser would. The gateway vouches for a signed cookie by
 * itself for SESSION_TOKEN_TTL_SECONDS; an older one is checked with auth, which is what a drill
 * that kills auth must not depend on for callers whose cookies are fresh.
 */
export async function renewSessions(gateway: string, sessions: Sessions): Promise<void> {
  for (const holder of [sessions.member, sessions.admin]) {
    const response = await fetch(`${gateway}/api/auth/user`, { headers: { cookie: holder.cookie } });
    const renewed = (response.headers.get('set-cookie') ?? '').split(';')[0];
    if (response.ok && renewed?.startsWith('kinora_session=')) holder.cookie = renewed;
  }
}

export type ProbeCounts = Record<Verdict, number> & { statuses: Record<string, number>; examples: string[] };

/** Samples every service's probe every `everyMs` until stop(); counts each service's verdicts. */
export class Prober {
  readonly counts = new Map<ServiceName, ProbeCounts>();
  private readonly paced = new Paced();

  constructor(
    private readonly gateway: string,
    private readonly sessions: Sessions,
    private readonly filmId: number,
    private readonly everyMs = 500,
  ) {}

  start(): void {
    this.counts.clear();
    this.paced.start(1, this.everyMs, async () => void (await this.sample()));
  }

  async stop(): Promise<Map<ServiceName, ProbeCounts>> {
    await this.paced.stop();
    return new Map([...this.counts].map(([service, counts]) => [service, structuredClone(counts)]));
  }

  /** One round: every probe once, together. */
  async sample(): Promise<Map<ServiceName, Verdict>> {
    const round = new Map<ServiceName, Verdict>();
    await Promise.all(
      probes(this.sessions, this.filmId).map(async (probe) => {
        const answer = await call(
          `${this.gateway}${probe.path}`,
          { headers: { cookie: probe.cookie, origin: this.gateway } },
          [200],
        );
        const counts = this.counts.get(probe.service) ?? {
          accepted: 0,
          refused: 0,
          unexpected: 0,
          statuses: {},
          examples: [],
        };
        counts[answer.verdict]++;
        counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
        if (answer.verdict === 'unexpected' && counts.examples.length < 3) {
          counts.examples.push(`GET ${probe.path}: ${answer.status} ${answer.body.slice(0, 160)}`);
        }
        this.counts.set(probe.service, counts);
        round.set(probe.service, answer.verdict);
      }),
    );
    return round;
  }
}

/** "auth 200×12 503×3, catalog 200×15": each service's statuses, for a drill's report. */
export function describeProbes(counts: Map<ServiceName, ProbeCounts>): string {
  return [...counts]
    .map(
      ([service, count]) =>
        `${service} ${Object.entries(count.statuses)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
    )
    .join(', ');
}

/** Seconds until one round of probes is answered by every service (Infinity after `timeoutMs`). */
export async function allAnswering(prober: Prober, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const round = await prober.sample();
    if ([...round.values()].every((verdict) => verdict === 'accepted')) return (Date.now() - started) / 1000;
    await sleep(250);
  }
  return Infinity;
}

export interface DependencyOutage {
  /** "PostgreSQL", "Redis": for the report. */
  name: string;
  downMs: number;
  recoverWithinS: number;
  /** Whether some service's read must be refused while it is away (one that reads it directly). */
  refusalsExpected: boolean;
  takeAway: () => void;
  bringBack: () => Promise<void>;
  /** Runs once, right after the dependency is taken away. */
  meanwhile?: () => Promise<void>;
}

/**
 * A dependency taken away for `downMs` and brought back, every service's read sampled meanwhile:
 * each must answer or refuse with a JSON 503, never fail otherwise; afterwards every service must
 * answer again by itself within `recoverWithinS`. Returns when the dependency was back.
 */
export async function dependencyOutage(
  prober: Prober,
  outage: DependencyOutage,
): Promise<{ endedAt: number; lines: string[]; problems: string[] }> {
  let down = new Map<ServiceName, ProbeCounts>();
  try {
    outage.takeAway();
    prober.start();
    await outage.meanwhile?.();
    await sleep(outage.downMs);
  } finally {
    down = await prober.stop();
    await outage.bringBack();
  }
  const endedAt = Date.now();
  const answeringAfterS = await allAnswering(prober, 60_000);
  const problems: string[] = [];
  for (const [service, counts] of down) {
    if (counts.unexpected > 0) {
      problems.push(
        `${service} answered neither 200 nor a JSON 503 while ${outage.name} was down: ${counts.examples.join(' | ')}`,
      );
    }
  }
  if (outage.refusalsExpected && ![...down.values()].some((counts) => counts.refused > 0)) {
    problems.push(`no service refused a read while ${outage.name} was down (was it taken away?)`);
  }
  if (!(answeringAfterS <= outage.recoverWithinS)) {
    problems.push(`not every service answered within ${outage.recoverWithinS} s of ${outage.name}'s return`);
  }
  return {
    endedAt,
    lines: [
      `while ${outage.name} was down, each service's signed-in read: ${describeProbes(down)}`,
      `every service answering ${answeringAfterS.toFixed(1)} s after ${outage.name} was back`,
    ],
    problems,
  };
}
