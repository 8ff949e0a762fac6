/**
 * A real nginx running the rendered gateway configuration, for tests: own prefix, port, SPA and
 * media roots and identity marks directory under a temp dir; upstreams not given point at a closed
 * port. Shared by the gateway's tests and the services' tests that need the gateway in front.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { renderGateway, type GatewayVarName } from '../render';

const HOST = '127.0.0.1';
const UPSTREAMS = ['AUTH', 'CATALOG', 'SOCIAL', 'ADS', 'ANALYTICS', 'ADMIN'] as const;

export interface TestGateway {
  url: string;
  port: number;
  /** The directory identity.js reads the marks from. */
  marksDir: string;
  dir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Renders and starts the gateway. `upstreams` maps AUTH, CATALOG, ... to host:port; `vars` overrides
 * any other setting; `signingKeys` is what identity.js verifies session cookies with.
 */
export async function startGateway(options: {
  upstreams?: Partial<Record<(typeof UPSTREAMS)[number], string>>;
  vars?: Partial<Record<GatewayVarName, string>>;
  signingKeys?: string;
  prepare?: (dir: string) => void;
}): Promise<TestGateway> {
  const dir = mkdtempSync(join(tmpdir(), 'kinora-gateway-'));
  const spaRoot = join(dir, 'spa');
  mkdirSync(spaRoot, { recursive: true });
  writeFileSync(join(spaRoot, 'index.html'), '<!doctype html><title>Kinora</title>\n');
  options.prepare?.(dir);
  const port = await freePort();
  const closed = `${HOST}:${await freePort()}`;
  const marksDir = join(dir, 'identity');
  const vars: Partial<Record<GatewayVarName, string>> = {
    LISTEN_PORT: `${HOST}:${port}`,
    SPA_ROOT: spaRoot,
    MEDIA_ROOT: join(dir, 'media'),
    NGINX_PREFIX: join(dir, 'prefix'),
    IDENTITY_MARKS_DIR: marksDir,
    ERROR_LOG: join(dir, 'logs', 'error.log'),
    ACCESS_LOG: join(dir, 'logs', 'access.log'),
  };
  for (const name of UPSTREAMS) {
    vars[`${name}_UPSTREAM` as GatewayVarName] = options.upstreams?.[name] ?? closed;
  }
  Object.assign(vars, options.vars);
  const rendered = renderGateway({ outDir: join(dir, 'conf'), vars, env: {} });
  mkdirSync(marksDir, { recursive: true });

  const env = { PATH: process.env.PATH, KINORA_SESSION_SIGNING_KEYS: options.signingKeys ?? '' };
  const check = spawnSync('nginx', ['-t', ...rendered.nginxArgs], { encoding: 'utf8', env });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  let output = '';
  const child: ChildProcess = spawn('nginx', [...rendered.nginxArgs, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    marksDir,
    dir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      if (!process.env.KINORA_GATEWAY_TEST_KEEP) rmSync(dir, { recursive: true, force: true });
    },
  };
}
