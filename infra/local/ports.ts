// Ports and HTTP for the local runner: whether a port is open and who holds it, and waiting for a
// managed process (see proc.ts) to open its port or answer its health URL.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { HOST } from './config';
import { RunnerError, cmdline, killGroup, logTail, procStat, readPid, runningPid, sleep } from './proc';

export function isPortOpen(port: number, host = HOST, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host });
    const finish = (open: boolean) => {
      socket.destroy();
      done(open);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * The process listening on a TCP port (any address), from `ss`, or undefined. When several
 * share the socket (nginx's master and workers) it is the one whose parent is not among them.
 */
export function portListener(port: number): number | undefined {
  const out = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pids = [...new Set([...(out.stdout ?? '').matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
  const listed = new Set(pids);
  return pids.find((pid) => !listed.has(procStat(pid)?.ppid ?? 0)) ?? pids[0];
}

export function describePid(pid: number | undefined): string {
  if (pid === undefined) return 'an unknown process';
  return `pid ${pid} (${(cmdline(pid) ?? '?').slice(0, 200)})`;
}

/**
 * Polls `ready` every `intervalMs` until it answers true; fails early if our process `name` exits,
 * and after `timeoutMs` with `late()` saying what it was waiting for.
 */
async function waitUntil(
  name: string,
  ready: () => Promise<boolean>,
  late: () => string,
  timeoutMs: number,
  intervalMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ready()) return;
    const why =
      readPid(name) !== undefined && runningPid(name) === undefined
        ? 'exited during start-up'
        : Date.now() > deadline
          ? late()
          : undefined;
    if (why) throw new RunnerError(`${name} ${why}\n${logTail(name)}`);
    await sleep(intervalMs);
  }
}

/** Waits until `port` accepts connections; fails early if our process `name` exits. */
export function waitForPort(name: string, port: number, timeoutMs: number): Promise<void> {
  return waitUntil(
    name,
    () => isPortOpen(port),
    () => `did not open port ${port} within ${timeoutMs / 1000} s`,
    timeoutMs,
    300,
  );
}

export async function httpStatus(url: string, timeoutMs = 3_000): Promise<number | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

/** Waits until `url` answers 200; fails early if our process `name` exits. */
export function waitForHttp(name: string, url: string, timeoutMs: number): Promise<void> {
  let last: number | undefined;
  return waitUntil(
    name,
    async () => (last = await httpStatus(url)) === 200,
    () => `did not answer 200 at ${url} within ${timeoutMs / 1000} s (last: ${last ?? 'no answer'})`,
    timeoutMs,
    500,
  );
}

/**
 * Stops `pid`, a process holding `port` that is to be replaced (SIGTERM, up to `graceMs` to exit,
 * then SIGKILL), and gives the port up to `tries` checks 200 ms apart to close.
 */
export async function stopListener(pid: number, port: number, graceMs: number, tries = 50): Promise<void> {
  await killGroup(pid, graceMs);
  for (let i = 0; i < tries && (await isPortOpen(port)); i++) await sleep(200);
}
