/**
 * Fault drill for the compose stack: a container's main process killed with SIGKILL from the host,
 * as a crash or the kernel's OOM killer would, under the drills' load; the container's restart
 * policy starts it again. (`docker kill` is a manual stop to the engine, which no restart policy
 * undoes, so it would test nothing of the policy.) The same checks as process-kill.ts: while it is
 * down only its own routes are refused (a JSON 502/503), and afterwards nothing answered 2xx is
 * missing or counted twice.
 */
import { inspect } from '../compose/docker';
import { sleep, type DrillReport } from './drill';
import { underLoad, type DrillSetup, type UnderLoadOptions } from './load';
import { describeProbes, Prober } from './probes';

export interface ContainerKillOptions extends UnderLoadOptions {
  /** The containers to kill, in turn, with the compose service each runs. */
  targets: { container: string; service: string; worker: boolean; replicated: boolean }[];
  /** How long a killed container may take to be running and healthy again. */
  restartWithinS: number;
}

export async function runContainerKills(
  setup: DrillSetup,
  options: ContainerKillOptions,
): Promise<DrillReport> {
  const prober = new Prober(setup.gateway, setup.sessions, setup.filmIds[0]!);
  const lines: string[] = [];
  const problems: string[] = [];
  const run = await underLoad(setup, options, async () => {
    for (const target of options.targets) {
      const before = inspect(target.container);
      setup.log(`container-kill: SIGKILL pid ${before.pid} of ${target.container}`);
      const killedAt = Date.now();
      process.kill(before.pid, 'SIGKILL');
      prober.start();
      let now = inspect(target.container);
      while (
        !(
          now.restartCount > before.restartCount &&
          now.running &&
          ['healthy', 'none'].includes(now.health)
        ) &&
        Date.now() - killedAt < options.restartWithinS * 1000
      ) {
        await sleep(250);
        now = inspect(target.container);
      }
      const down = await prober.stop();
      const backInS = (Date.now() - killedAt) / 1000;
      if (now.restartCount <= before.restartCount || !now.running) {
        problems.push(`${target.container} was not started again by its restart policy`);
      } else if (backInS > options.restartWithinS) {
        problems.push(`${target.container} was not healthy again within ${options.restartWithinS} s`);
      }
      lines.push(
        `${target.container} killed: ${describeProbes(down)}; restarted (restart count ${now.restartCount}) and ${now.health} in ${backInS.toFixed(1)} s`,
      );
      for (const [service, counts] of down) {
        const own = service === target.service && !target.worker && !target.replicated;
        if (own ? counts.unexpected === 0 : counts.refused + counts.unexpected === 0) continue;
        problems.push(
          `with ${target.container} killed, ${service} answered ${JSON.stringify(counts.statuses)} ${counts.examples.join(' | ')}`,
        );
      }
    }
    return Date.now();
  });
  return {
    drill: `SIGKILL of ${options.targets.map((t) => t.container).join(', ')} (restarted by their policy)`,
    loads: run.loads,
    lines: [...lines, ...run.lines],
    problems: [...problems, ...run.problems],
  };
}
