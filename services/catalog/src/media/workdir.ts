import { randomBytes } from 'node:crypto';
import { access, readFile, readdir, readlink, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A transcode's work directory beside its target: cleaned up after a crash, published with renames.
 */

/** The ffmpeg process id, written into the work directory while it runs. */
export const PID_FILE = '.ffmpeg.pid';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Removes what an earlier run for the same outDir left behind (a crashed or killed worker): its
 * temporary directories, and the ffmpeg it had started if that is still running on this host
 * (recognised by its pid file and its working directory being that directory).
 */
export async function removeLeftovers(parent: string, base: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(`.${base}.tmp-`) && !entry.startsWith(`.${base}.old-`)) continue;
    const dir = join(parent, entry);
    const pid = Number((await readFile(join(dir, PID_FILE), 'utf8').catch(() => '')).trim());
    if (Number.isInteger(pid) && pid > 1) {
      const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => '');
      if (cwd && cwd === (await realpath(dir).catch(() => dir)) && isAlive(pid)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/** Puts `ready` at `target` (replacing an earlier version) with renames only. */
export async function publish(ready: string, target: string): Promise<void> {
  const exists = await access(target).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await rename(ready, target);
    return;
  }
  const old = join(dirname(target), `.${basename(target)}.old-${randomBytes(4).toString('hex')}`);
  await rename(target, old);
  await rename(ready, target);
  await rm(old, { recursive: true, force: true });
}
