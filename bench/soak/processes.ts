/**
 * What the soak watches besides its own requests: the resident memory of every platform process
 * (from the pid files `make up` writes); the Kafka consumer lag is infra/local/consumer-lag.ts's.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { BenchError } from '../lib/wrk.js';
import { printColumns } from './stats.js';

/** Processes of `make up` that run once and exit (seeds), or are not part of the soak's subject. */
const ONE_SHOT = /-seed$/;

export interface Platform {
  name: string;
  pid: number;
}

const alive = (pid: number) => existsSync(`/proc/${pid}/status`);

/** The running platform processes, by their pid files (seeds that already exited left out). */
export function platformProcesses(pidDir: string): Platform[] {
  if (!existsSync(pidDir)) throw new BenchError(`${pidDir} is missing: is the platform up (make up)?`, 2);
  const processes = readdirSync(pidDir)
    .filter((file) => file.endsWith('.pid'))
    .map((file) => ({
      name: file.slice(0, -'.pid'.length),
      pid: Number(readFileSync(join(pidDir, file), 'utf8').trim()),
    }))
    .filter((process) => {
      if (ONE_SHOT.test(process.name)) return false;
      if (alive(process.pid)) return true;
      console.log(
        `warning: ${process.name} is not running as pid ${process.pid} (its pid file): not watched`,
      );
      return false;
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  if (processes.length === 0) throw new BenchError(`no running process in ${pidDir}: make up`, 2);
  return processes;
}

function vmRssKb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** A process's RSS in kB; nginx with its workers (the master alone is small). Undefined: it exited. */
function rssKb(process: Platform): number | undefined {
  const own = vmRssKb(process.pid);
  if (own === undefined || process.name !== 'nginx') return own;
  return children(process.pid).reduce((sum, child) => sum + (vmRssKb(child) ?? 0), own);
}

export interface RssSample {
  atMs: number;
  kb: Map<string, number | undefined>;
}

export const sampleRss = (processes: Platform[], atMs: number): RssSample => ({
  atMs,
  kb: new Map(processes.map((process) => [process.name, rssKb(process)])),
});

/**
 * RSS growth per process: the floor (lowest sample) of the second half of the samples after the
 * warm-up (those taken after `warmupMs`) against the floor of the first half. A Node heap under
 * load climbs and drops back at each major collection, so the samples saw-tooth; the floor is
 * what a collection brings the heap back to, which a leak raises and a sawtooth does not (two
 * medians of three, this check before, read a peak against a trough: +20 % with nothing leaking).
 * Prints the table; returns the processes whose floor rose more than `limit` (a fraction) or
 * that exited.
 */
export function rssReport(processes: Platform[], samples: RssSample[], warmupMs: number, limit: number) {
  const after = samples.filter((sample) => sample.atMs > warmupMs);
  const first = after.slice(0, Math.ceil(after.length / 2));
  const second = after.slice(Math.ceil(after.length / 2));
  const failed: string[] = [];
  const flagged: string[] = [];
  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
  const rows = processes.map(({ name }) => {
    const series = samples.map((sample) => sample.kb.get(name));
    if (series.some((kb) => kb === undefined)) {
      failed.push(`${name} (exited)`);
      return [name, '-', '-', '-', '-', 'EXITED'];
    }
    const floor = (set: RssSample[]) => Math.min(...set.map((sample) => sample.kb.get(name)!));
    const base = floor(first);
    const end = floor(second);
    const growth = (end - base) / base;
    if (growth > limit) {
      failed.push(`${name} (+${(growth * 100).toFixed(1)} %)`);
      flagged.push(`  ${name}: ${series.map((kb) => (kb! / 1024).toFixed(0)).join(' ')} MB`);
    }
    return [
      name,
      mb(series[0]!),
      mb(base),
      mb(end),
      mb(Math.max(...series.map((kb) => kb!))),
      `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %${growth > limit ? '  > limit' : ''}`,
    ];
  });
  printColumns(['process', 'start', 'floor, 1st half', 'floor, 2nd half', 'max', 'growth'], rows);
  if (flagged.length > 0) {
    console.log(`every sample of the processes over the limit, to tell a plateau from a climb:`);
    for (const line of flagged) console.log(line);
  }
  return failed;
}
