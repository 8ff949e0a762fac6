// A small process manager for the local runner. Each managed process is started detached in
// its own session (so it outlives `make up`), writes stdout+stderr to .run/logs/<name>.log and
// is remembered by .run/pids/<name>.pid. A pid counts as ours only while its command line
// mentions this checkout (or it runs inside it), so a recycled pid is never signalled.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { LOG_DIR, PID_DIR, ROOT, RUN_DIR } from './config';

export class RunnerError extends Error {}

export function say(message: string): void {
  process.stdout.write(`${message}\n`);
}

export function step(message: string): void {
  process.stdout.write(`\n==> ${message}\n`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export function ensureRunDirs(): void {
  for (const dir of [RUN_DIR, LOG_DIR, PID_DIR]) mkdirSync(dir, { recursive: true });
}

export const logFile = (name: string): string => join(LOG_DIR, `${name}.log`);
export const pidFile = (name: string): string => join(PID_DIR, `${name}.pid`);

/** The last `lines` lines of a file, or a note that it is missing. */
export function tail(path: string, lines = 40): string {
  if (!existsSync(path)) return `(no ${path})`;
  const text = readFileSync(path, 'utf8').replace(/\s+$/, '');
  return text.split('\n').slice(-lines).join('\n');
}

export function logTail(name: string, lines = 40): string {
  return `--- last lines of ${logFile(name)} ---\n${tail(logFile(name), lines)}\n---`;
}

// ---- /proc inspection ---------------------------------------------------------------------

export function cmdline(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return undefined;
  }
}

export function procStat(pid: number): { state: string; ppid: number; pgrp: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (comm) is in parentheses and may hold spaces; the rest follows the last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: rest[0] ?? '?', ppid: Number(rest[1]), pgrp: Number(rest[2]) };
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie. */
export function isRunning(pid: number): boolean {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}

/** Started from this checkout: its command line names a path inside ROOT, or it runs in ROOT. */
export function isFromThisCheckout(pid: number): boolean {
  const cmd = cmdline(pid);
  if (cmd === undefined) return false;
  if (cmd.includes(`${ROOT}/`)) return true;
  try {
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    return cwd === ROOT || cwd.startsWith(`${ROOT}/`);
  } catch {
    return false;
  }
}

function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = procStat(pid);
    if (stat && stat.pgrp === pgid && stat.state !== 'Z') members.push(pid);
  }
  return members;
}

// ---- pid files ----------------------------------------------------------------------------

export function readPid(name: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile(name), 'utf8').trim());
    return Number.isInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The pid of our running process `name`, or undefined (a stale pid file is removed). */
export function runningPid(name: string): number | undefined {
  const pid = readPid(name);
  if (pid === undefined) return undefined;
  if (isRunning(pid) && isFromThisCheckout(pid)) return pid;
  rmSync(pidFile(name), { force: true });
  return undefined;
}

export function managedNames(): string[] {
  if (!existsSync(PID_DIR)) return [];
  return readdirSync(PID_DIR)
    .filter((f) => f.endsWith('.pid'))
    .map((f) => f.slice(0, -'.pid'.length))
    .sort();
}

// ---- start / stop -------------------------------------------------------------------------

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Starts `command args` detached in a new session; returns its pid (= its process group). */
export function start(name: string, command: string, args: string[], options: StartOptions = {}): number {
  ensureRunDirs();
  const header = `\n===== ${new Date().toISOString()} starting ${name}: ${command} ${args.join(' ')}\n`;
  writeFileSync(logFile(name), header, { flag: 'a' });
  const fd = openSync(logFile(name), 'a');
  try {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      detached: true, // setsid(): own session and process group, survives our exit
      stdio: ['ignore', fd, fd],
    });
    if (child.pid === undefined) throw new RunnerError(`could not start ${name} (${command})`);
    child.unref();
    writeFileSync(pidFile(name), `${child.pid}\n`);
    return child.pid;
  } finally {
    closeSync(fd);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Not a group leader (or already gone): signal the process alone.
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  }
}

/** SIGTERM to the process group, up to `graceMs` to exit, then SIGKILL. */
export async function killGroup(pid: number, graceMs = 15_000): Promise<void> {
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isRunning(pid) && groupMembers(pid).length === 0) return;
    await sleep(200);
  }
  signalGroup(pid, 'SIGKILL');
  for (const member of groupMembers(pid)) signalGroup(member, 'SIGKILL');
  const killDeadline = Date.now() + 5_000;
  while (Date.now() < killDeadline && isRunning(pid)) await sleep(100);
}

/** Stops our process `name` if it runs; returns whether there was one. Removes the pid file. */
export async function stop(name: string, graceMs = 15_000): Promise<boolean> {
  const pid = runningPid(name);
  rmSync(pidFile(name), { force: true });
  if (pid === undefined) return false;
  await killGroup(pid, graceMs);
  // The log directory may be gone (removed by hand) while the process ran on.
  ensureRunDirs();
  writeFileSync(logFile(name), `===== ${new Date().toISOString()} stopped ${name}\n`, { flag: 'a' });
  return true;
}

// ---- one-shot commands --------------------------------------------------------------------

/** Runs a command to completion with inherited output; throws if it fails. */
export function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw new RunnerError(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new RunnerError(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** Runs a command to completion capturing its output; throws with that output if it fails. */
export function capture(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
  const output = `${String(result.stdout ?? '')}${String(result.stderr ?? '')}`;
  if (result.error) throw new RunnerError(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new RunnerError(
      `${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${output.trim()}`,
    );
  }
  return output;
}

/** Whether `command` is on PATH. */
export function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
