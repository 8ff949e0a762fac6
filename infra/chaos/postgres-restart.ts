/**
 * Fault drill: the PostgreSQL server is stopped (fast shutdown: every connection is cut, as a
 * restart or a fail-over does) for `downMs` under the drills' load, then started again; no service
 * is restarted.
 *
 * While it is down every service answers a call that needs its database with a JSON 503 (never a
 * 500 or a hang), and each service's read through the gateway is sampled to show it. After the
 * restart every service answers again by itself, and nothing answered 2xx is missing: the
 * viewing sessions and ad events in the rollups once, the member's latest accepted review stored.
 *
 * It stops and starts the machine's PostgreSQL cluster that listens on the platform's port
 * (pg_ctlcluster, as root): run it only where that server is yours to restart.
 */
import { spawnSync } from 'node:child_process';

import { POSTGRES_URL } from '../local/config';
import type { DrillReport } from './drill';
import { underLoad, type DrillSetup, type UnderLoadOptions } from './load';
import { dependencyOutage, Prober } from './probes';

export interface PostgresRestartOptions extends UnderLoadOptions {
  downMs: number;
}

/** The Debian cluster ("15 main") whose port is the platform's PostgreSQL port. */
function cluster(): [string, string] {
  const port = new URL(POSTGRES_URL).port || '5432';
  const listed = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`pg_lsclusters failed: ${listed.stderr || listed.error}`);
  const line = listed.stdout
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((fields) => fields[2] === port);
  if (!line) throw new Error(`no PostgreSQL cluster on port ${port}: ${listed.stdout}`);
  return [line[0]!, line[1]!];
}

function pgCtl(action: 'stop' | 'start'): void {
  const [version, name] = cluster();
  const args = [
    '--skip-systemctl-redirect',
    version,
    name,
    action,
    ...(action === 'stop' ? ['-m', 'fast'] : []),
  ];
  const result = spawnSync('pg_ctlcluster', args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`pg_ctlcluster ${args.join(' ')} failed: ${result.stderr || result.error}`);
  }
}

export async function runPostgresRestart(
  setup: DrillSetup,
  options: PostgresRestartOptions,
): Promise<DrillReport> {
  cluster(); // fails before any load when there is no cluster to restart
  const prober = new Prober(setup.gateway, setup.sessions, setup.filmIds[0]!);
  let outage = { lines: [] as string[], problems: [] as string[] };
  const run = await underLoad(setup, options, async () => {
    setup.log(`postgres-restart: stopping PostgreSQL for ${options.downMs / 1000} s`);
    const result = await dependencyOutage(prober, {
      name: 'PostgreSQL',
      downMs: options.downMs,
      recoverWithinS: options.recoverWithinS,
      refusalsExpected: true,
      takeAway: () => pgCtl('stop'),
      bringBack: () => Promise.resolve(pgCtl('start')),
    });
    outage = result;
    return result.endedAt;
  });
  return {
    drill: `PostgreSQL stopped for ${options.downMs / 1000} s and started again`,
    loads: run.loads,
    lines: [...outage.lines, ...run.lines],
    problems: [...outage.problems, ...run.problems],
  };
}
