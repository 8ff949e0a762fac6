/** Catalog processes a bench starts for itself. */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { serviceDir, serviceEntry, serviceEnv } from '../../infra/local/config.js';
import { freePort } from '@kinora/common/testing';
import { BenchError } from './wrk.js';

/**
 * A catalog API process of the bench's own on a free port, started as `make up` starts catalog
 * (the built dist, the same environment and database) but with the public read cache off.
 */
export async function startUncachedCatalog(): Promise<{ url: string; stop: () => Promise<void> }> {
  const entry = serviceEntry('catalog', 'main');
  if (!existsSync(entry)) throw new BenchError(`${entry} is missing: build it (npm run build:services)`, 2);
  const port = await freePort();
  const scratch = mkdtempSync(join(tmpdir(), 'kinora-bench-catalog-'));
  const logFile = join(scratch, 'catalog.log');
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: serviceDir('catalog'),
    env: { ...serviceEnv('catalog', port), PUBLIC_READ_CACHE: 'off' },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // A graceful stop: its Kafka consumer leaves the group it shares with the platform's catalog.
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const live = () =>
    fetch(`${url}/health/live`, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    );
  const deadline = Date.now() + 60_000;
  while (!(await live())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const output = readFileSync(logFile, 'utf8').slice(-2000);
      await stop();
      throw new BenchError(`the bench's own catalog did not start:\n${output}`, 2);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop };
}
