/**
 * Fault drill: each service and worker in turn is killed with SIGKILL (its whole process group, as
 * a container is killed) under the drills' load, left down for `downMs`, and started again, as a
 * supervisor would (infra/local's startAppProcess, with the environment it had).
 *
 * While one is down the gateway answers its routes with a JSON 502/503 (a service with a second
 * replica, ads, goes on answering from it) and every other service's routes as before; a killed
 * worker's work waits for it. Afterwards nothing answered 2xx is missing: every accepted viewing-
 * session update and ad event is in the rollups once (an event a killed process had taken but not
 * committed is delivered again), the member's latest accepted review is stored.
 */
import { readFileSync } from 'node:fs';

import { APP_PROCESSES, startAppProcess } from '../local/platform';
import { isRunning, runningPid } from '../local/proc';
import { sleep, type DrillReport } from './drill';
import { underLoad, type DrillSetup, type UnderLoadOptions } from './load';
import { describeProbes, Prober, type ProbeCounts } from './probes';

export interface ProcessKillOptions extends UnderLoadOptions {
  /** How long each process stays down before it is started again. */
  downMs: number;
  /** The processes to kill (default: every service, replica and worker). */
  names?: string[];
}

/** Kills the process group of `name`; returns the environment it ran with, to start it again. */
async function kill(name: string): Promise<NodeJS.ProcessEnv> {
  const pid = runningPid(name);
  if (pid === undefined) throw new Error(`${name} is not running`);
  const env = Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  process.kill(-pid, 'SIGKILL');
  while (isRunning(pid)) await sleep(50);
  return env;
}

export async function runProcessKills(setup: DrillSetup, options: ProcessKillOptions): Promise<DrillReport> {
  const targets = APP_PROCESSES.filter(
    (p) => (options.names ?? APP_PROCESSES.map((all) => all.name)).includes(p.name) && runningPid(p.name),
  );
  const prober = new Prober(setup.gateway, setup.sessions, setup.filmIds[0]!);
  const lines: string[] = [];
  const problems: string[] = [];
  const run = await underLoad(setup, options, async () => {
    for (const target of targets) {
      setup.log(`process-kill: SIGKILL ${target.name}`);
      const env = await kill(target.name);
      prober.start();
      await sleep(options.downMs);
      const down = await prober.stop();
      const startedAt = Date.now();
      await startAppProcess(target.name, env);
      lines.push(
        `${target.name} killed: ${describeProbes(down)}; back in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      );
      problems.push(...killProblems(target, down));
    }
    return Date.now();
  });
  return {
    drill: `SIGKILL of each of ${targets.map((p) => p.name).join(', ')}, ${options.downMs / 1000} s down each`,
    loads: run.loads,
    lines: [...lines, ...run.lines],
    problems: [...problems, ...run.problems],
  };
}

/**
 * With `target` killed: its own service's reads (unless another replica serves them) answer only a
 * JSON 502/503, and every other service's reads answer as before.
 */
function killProblems(target: (typeof APP_PROCESSES)[number], down: Map<string, ProbeCounts>): string[] {
  const replicated = APP_PROCESSES.some(
    (p) => p.service === target.service && p.name !== target.name && !p.worker,
  );
  return [...down].flatMap(([service, counts]) => {
    const own = service === target.service && !target.worker && !replicated;
    const ok = own
      ? counts.accepted + counts.unexpected === 0 && counts.refused > 0
      : counts.refused + counts.unexpected === 0;
    if (ok) return [];
    return [
      own
        ? `with ${target.name} killed its reads answered ${JSON.stringify(counts.statuses)}, not only a JSON 502/503 ${counts.examples.join(' | ')}`
        : `with ${target.name} killed, ${service} answered ${JSON.stringify(counts.statuses)} ${counts.examples.join(' | ')}`,
    ];
  });
}
