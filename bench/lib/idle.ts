/**
 * CPU used by the platform's own Node processes while nothing asks anything of them: clock ticks
 * (utime + stime, every thread) read from /proc before and after a quiet period.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface IdleProcess {
  name: string;
  pid: number;
  ticks: number;
}

const TICKS_PER_SECOND = 100; // CLK_TCK on Linux

function ticksOf(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces) start at index 2 (state); utime and
    // stime are the 14th and 15th fields of the line.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

function isNode(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!.endsWith('node');
  } catch {
    return false;
  }
}

/** The running Node processes `make up` started and still tracks (.run/pids), except maildev. */
export function platformNodeProcesses(pidDir: string): { name: string; pid: number }[] {
  return readdirSync(pidDir)
    .filter((file) => file.endsWith('.pid'))
    .map((file) => ({
      name: file.slice(0, -'.pid'.length),
      pid: Number(readFileSync(join(pidDir, file), 'utf8').trim()),
    }))
    .filter(({ name, pid }) => name !== 'maildev' && ticksOf(pid) !== undefined && isNode(pid));
}

/** Each process's ticks over `seconds` of quiet, and the total as a share of one core. */
export async function measureIdle(
  processes: { name: string; pid: number }[],
  seconds: number,
): Promise<{ processes: IdleProcess[]; shareOfOneCore: number }> {
  const before = processes.map((process) => ({ ...process, start: ticksOf(process.pid) ?? 0 }));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const measured = before.map(({ name, pid, start }) => ({
    name,
    pid,
    ticks: (ticksOf(pid) ?? start) - start,
  }));
  const total = measured.reduce((sum, process) => sum + process.ticks, 0);
  return { processes: measured, shareOfOneCore: total / (seconds * TICKS_PER_SECOND) };
}
