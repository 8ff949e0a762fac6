/**
 * Fault drill: Redis is restarted under the drills' load. It is shut down with its data saved
 * (SHUTDOWN SAVE: a Redis that keeps its data, as the compose and k8s ones do, saves on a
 * graceful stop), stays down for `downMs`, and is started again with the settings it ran with;
 * no service or worker is restarted.
 *
 * While it is down, a sign-in code is refused with a JSON 503 (the rate limiter cannot count, so
 * it does not let codes through), and so is anything else that needs Redis. Afterwards:
 * - the workers go on: every accepted viewing-session update and ad event reaches the rollups,
 *   whose BullMQ jobs were queued or running when Redis went away (a job whose lock lapsed is
 *   picked up again by BullMQ's stalled-job check), and nothing twice;
 * - rate limits count again: the member signs in afresh;
 * - the code the member signed in with before the restart is refused.
 *
 * It restarts the machine's Redis at the platform's address (redis-cli, redis-server): run it only
 * where that server is yours to restart. A dump file the drill wrote is removed once loaded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { REDIS_URL } from '../local/config';
import { signIn } from '../e2e/support';
import { call, until, type DrillReport } from './drill';
import { underLoad, type DrillSetup, type UnderLoadOptions } from './load';
import { dependencyOutage, Prober } from './probes';

export interface RedisRestartOptions extends UnderLoadOptions {
  downMs: number;
  /** The member's address and the code it signed in with (setup.sessions.member's). */
  signedInWith: { email: string; code: string };
}

const redisAddress = () => {
  const url = new URL(REDIS_URL);
  return ['-h', url.hostname, '-p', url.port || '6379'];
};

function redisCli(...args: string[]): string {
  const result = spawnSync('redis-cli', [...redisAddress(), ...args], { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`redis-cli ${args.join(' ')} failed: ${result.stderr || result.error}`);
  return result.stdout.trim();
}

/** The settings the running server was started with that a restart must repeat. */
function runningSettings(): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const name of ['bind', 'port', 'save', 'appendonly', 'dir', 'dbfilename', 'logfile']) {
    settings[name] = redisCli('--raw', 'config', 'get', name).split('\n')[1] ?? '';
  }
  return settings;
}

function startRedis(settings: Record<string, string>): void {
  const args = ['--daemonize', 'yes', '--bind', ...settings.bind!.split(' ').filter(Boolean)];
  for (const name of ['port', 'save', 'appendonly', 'dir', 'dbfilename', 'logfile']) {
    args.push(`--${name}`, settings[name]!);
  }
  const result = spawnSync('redis-server', args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`redis-server ${args.join(' ')} failed: ${result.stderr || result.error}`);
}

export async function runRedisRestart(setup: DrillSetup, options: RedisRestartOptions): Promise<DrillReport> {
  const settings = runningSettings();
  const dump = join(settings.dir!, settings.dbfilename!);
  const dumpWasThere = existsSync(dump);
  const prober = new Prober(setup.gateway, setup.sessions, setup.filmIds[0]!);
  const json = { 'content-type': 'application/json', origin: setup.gateway };
  const lines: string[] = [];
  const problems: string[] = [];
  const run = await underLoad(setup, options, async () => {
    setup.log(`redis-restart: restarting Redis, down for ${options.downMs / 1000} s`);
    const outage = await dependencyOutage(prober, {
      name: 'Redis',
      downMs: options.downMs,
      recoverWithinS: options.recoverWithinS,
      // Reads need no Redis: only rate-limited and queued work does.
      refusalsExpected: false,
      takeAway: () => redisCli('shutdown', 'save'),
      bringBack: async () => {
        startRedis(settings);
        await until(async () => ({ done: redisPing(), value: undefined }), 10_000);
        if (!dumpWasThere) rmSync(dump, { force: true });
      },
      meanwhile: async () => {
        const code = await call(
          `${setup.gateway}/api/auth/send-code`,
          { method: 'POST', headers: json, body: JSON.stringify({ email: options.signedInWith.email }) },
          [],
        );
        lines.push(`while Redis was down, a sign-in code asked for answered ${code.status}`);
        if (!(code.status === 503 && code.verdict === 'refused')) {
          problems.push(
            `a sign-in code asked for while Redis was down answered ${code.status}, not a JSON 503: ${code.body.slice(0, 160)}`,
          );
        }
      },
    });
    setup.log('redis-restart: Redis is back');
    lines.push(...outage.lines);
    problems.push(...outage.problems);

    const reused = await call(
      `${setup.gateway}/api/auth/verify-code`,
      { method: 'POST', headers: json, body: JSON.stringify(options.signedInWith) },
      [400],
    );
    if (reused.verdict !== 'accepted') {
      problems.push(`the code used before the restart answered ${reused.status} when used again, not 400`);
    }
    const signedInAgain = await signIn(options.signedInWith.email).then(
      () => 'signed in again',
      (error: unknown) => {
        problems.push(`signing in after the restart failed: ${String(error).slice(0, 200)}`);
        return 'could not sign in again';
      },
    );
    lines.push(
      `after: the code used before answered ${reused.status}; the member ${signedInAgain} (rate limits counting)`,
    );
    return outage.endedAt;
  });
  return {
    drill: `Redis shut down for ${options.downMs / 1000} s and started again`,
    loads: run.loads,
    lines: [...lines, ...run.lines],
    problems: [...problems, ...run.problems],
  };
}

function redisPing(): boolean {
  try {
    return redisCli('ping') === 'PONG';
  } catch {
    return false;
  }
}
