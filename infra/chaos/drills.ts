/**
 * The fault drills and what they start from: the published films, a fresh member signed in (its
 * code kept for the Redis drill) and the admin's session. infra/e2e/chaos.e2e.ts runs each at a
 * small scale in `make test`; run.ts runs them at any scale against `make up`.
 */
import type { MetricsSource } from '../local/consumer-lag';
import { adminSession, signIn } from '../e2e/support';
import type { DrillReport } from './drill';
import { runKafkaOutage } from './kafka-outage';
import type { DrillSetup } from './load';
import { runPostgresRestart } from './postgres-restart';
import { runProcessKills } from './process-kill';
import { runRedisRestart } from './redis-restart';

export interface DrillScale {
  /** Visitors sending viewing-session updates, and as many playing ad breaks. */
  viewers: number;
  /** How long Kafka, PostgreSQL or Redis stays down; a killed process stays down a tenth of it. */
  outageMs: number;
  /** Load before each fault, and again after recovery. */
  steadyMs: number;
  /** Seconds after the fault ends by which everything must be accepted again. */
  recoverWithinS: number;
}

export interface Drills {
  setup: DrillSetup;
  run: Record<DrillName, () => Promise<DrillReport>>;
}

export const DRILL_NAMES = ['kafka', 'postgres', 'redis', 'kill'] as const;
export type DrillName = (typeof DRILL_NAMES)[number];

export async function prepareDrills(
  gateway: string,
  scale: DrillScale,
  log: (line: string) => void,
  /** Where each process's /metrics is read; default: `make up`'s local ports. */
  metrics?: () => readonly MetricsSource[],
): Promise<Drills> {
  const films = (await (await fetch(`${gateway}/api/films`)).json()) as { id: number }[];
  if (films.length === 0) throw new Error('no published film: wait for the demo catalog (make status)');
  const email = `fault-drill-${Date.now()}@members.kinora.test`;
  const member = await signIn(email);
  // Named, as members who review are: its reviews sit beside the demo community's.
  const named = await fetch(`${gateway}/api/auth/user`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: gateway, cookie: member.cookie },
    body: JSON.stringify({ firstName: 'Fault', lastName: 'Drill' }),
  });
  if (!named.ok) throw new Error(`naming the drill's member answered ${named.status}: ${await named.text()}`);
  const admin = await adminSession();
  const setup: DrillSetup = {
    gateway,
    filmIds: films.map((film) => film.id),
    sessions: { member: { cookie: member.cookie, userId: member.user.id }, admin },
    viewers: scale.viewers,
    log,
    metrics,
  };
  const timing = { steadyMs: scale.steadyMs, recoverWithinS: scale.recoverWithinS };
  return {
    setup,
    run: {
      kafka: () => runKafkaOutage(setup, { outageMs: scale.outageMs, ...timing }),
      postgres: () => runPostgresRestart(setup, { downMs: scale.outageMs, ...timing }),
      redis: () =>
        runRedisRestart(setup, {
          downMs: scale.outageMs,
          ...timing,
          signedInWith: { email, code: member.code },
        }),
      kill: () => runProcessKills(setup, { downMs: Math.max(2_000, scale.outageMs / 10), ...timing }),
    },
  };
}
