// The platform's own processes: build, migrations, the six services, the two workers and the
// nginx gateway. Infrastructure (Kafka, maildev) lives in kafka.ts and deps.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  GATEWAY_HEALTH_URL,
  GATEWAY_PORT,
  HOST,
  MEDIA_ROOT,
  NGINX_CONF_DIR,
  NGINX_PREFIX,
  REDIS_URL,
  REPLICAS,
  ROOT,
  SERVICES,
  SESSION_TOKEN_TTL_SECONDS,
  WORKERS,
  type ServiceName,
  serviceDir,
  serviceEntry,
  serviceEnv,
  sessionSigningKeys,
  upstreamOf,
} from './config';
import { resolveGatewayVars } from '../../gateway/render';
import { RunnerError, capture, cmdline, logTail, run, runningPid, say, sleep, start, stop } from './proc';
import { describePid, httpStatus, isPortOpen, portListener, stopListener, waitForPort } from './ports';

interface AppProcess {
  name: string;
  service: ServiceName;
  port: number;
  entry: string;
  worker: boolean;
}

export const APP_PROCESSES: readonly AppProcess[] = [
  ...SERVICES.map((s) => ({
    name: s.name,
    service: s.name,
    port: s.port,
    entry: serviceEntry(s.name, 'main'),
    worker: false,
  })),
  ...REPLICAS.map((r) => ({
    name: r.name,
    service: r.service,
    port: r.port,
    entry: serviceEntry(r.service, 'main'),
    worker: false,
  })),
  ...WORKERS.map((w) => ({
    name: w.name,
    service: w.service,
    port: w.port,
    entry: serviceEntry(w.service, 'worker'),
    worker: true,
  })),
];

const NGINX = 'nginx';
const IDENTITY_MARKS = 'identity-marks';
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

/** A process some Kinora checkout started (a service, worker or the gateway's nginx). */
function looksLikeKinora(cmd: string): boolean {
  return /\/services\/[a-z]+\/dist\/src\/(main|worker)\.js/.test(cmd) || /nginx.*\/\.run\/nginx/.test(cmd);
}

/**
 * Frees a port this checkout is about to listen on. A Kinora process left on it (an earlier
 * run, possibly from another clone) is stopped; anything else is an error naming it.
 */
async function claimPort(port: number, label: string): Promise<void> {
  if (!(await isPortOpen(port))) return;
  const pid = portListener(port);
  if (pid === undefined || !looksLikeKinora(cmdline(pid) ?? '')) {
    throw new RunnerError(
      `Port ${port} (${label}) is in use by ${describePid(pid)}. Stop it and run this again.`,
    );
  }
  say(`Stopping a leftover Kinora process on port ${port}: ${describePid(pid)}`);
  await stopListener(pid, port, 15_000);
}

export function build(): void {
  run('npm', ['run', 'build:services']);
  run('npm', ['run', 'build', '-w', '@kinora/frontend']);
}

/** Each service's migrations, all at once: each is mostly a Node start-up waiting on PostgreSQL. */
export async function migrate(): Promise<void> {
  const failures = await Promise.all(
    SERVICES.map(async (service) => {
      const entry = serviceEntry(service.name, 'migrate');
      if (!existsSync(entry)) return `${entry} is missing: did \`npm run build:services\` build it?`;
      const child = spawn(process.execPath, ['--enable-source-maps', entry], {
        cwd: serviceDir(service.name),
        env: serviceEnv(service.name, service.port),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((done) => {
        child.on('error', (error) => {
          output += error.message;
          done(-1);
        });
        child.on('close', (status) => done(status));
      });
      return code === 0 ? undefined : `migrations of ${service.name} failed:\n${output.trim()}`;
    }),
  );
  const failed = failures.filter((failure): failure is string => failure !== undefined);
  if (failed.length > 0) throw new RunnerError(failed.join('\n'));
  say(`Migrations applied: ${SERVICES.map((s) => s.name).join(', ')}`);
}

/** Stops our running services and workers, then starts the freshly built ones. */
export async function restartServices(): Promise<void> {
  await Promise.all(APP_PROCESSES.map((p) => stop(p.name)));
  const started: AppProcess[] = [];
  for (const p of APP_PROCESSES) {
    if (!existsSync(p.entry)) {
      if (p.worker) {
        say(`Note: ${p.entry} does not exist; ${p.name} not started`);
        continue;
      }
      throw new RunnerError(`${p.entry} is missing: did \`npm run build:services\` build it?`);
    }
    await claimPort(p.port, p.name);
    launch(p);
    started.push(p);
  }
  await Promise.all(started.map((p) => waitForPort(p.name, p.port, 120_000)));
  say(`Started ${started.map((p) => `${p.name}:${p.port}`).join(', ')}`);
}

function launch(p: AppProcess, env = serviceEnv(p.service, p.port, p.worker ? p.name : p.service)): void {
  start(p.name, process.execPath, ['--enable-source-maps', p.entry], { cwd: serviceDir(p.service), env });
}

/**
 * Starts one service or worker that is not running, with the environment it had (the fault drills'
 * restart after a kill, as a supervisor would), and waits until it listens.
 */
export async function startAppProcess(name: string, env: NodeJS.ProcessEnv): Promise<void> {
  const p = APP_PROCESSES.find((candidate) => candidate.name === name);
  if (!p) throw new RunnerError(`no service or worker is called ${name}`);
  if (runningPid(p.name) !== undefined) throw new RunnerError(`${name} is already running`);
  launch(p, env);
  await waitForPort(p.name, p.port, 120_000);
}

/**
 * Renders the gateway's nginx.conf (gateway/render.ts) and (re)starts nginx in the foreground,
 * with the process that keeps its identity marks (gateway/identity-marks.ts) beside it.
 */
export async function restartNginx(): Promise<void> {
  await stop(NGINX);
  await stop(IDENTITY_MARKS);
  await claimPort(GATEWAY_PORT, 'gateway');
  // The micro-cache lives a few seconds, but nginx reloads it from disk at start and may serve a
  // stale entry once: a new platform (new databases, the same film ids) must not meet the old one's.
  rmSync(join(NGINX_PREFIX, 'public_cache'), { recursive: true, force: true });
  for (const dir of [NGINX_CONF_DIR, join(NGINX_PREFIX, 'logs'), join(NGINX_PREFIX, 'temp'), MEDIA_ROOT]) {
    mkdirSync(dir, { recursive: true });
  }
  const render = join(ROOT, 'gateway', 'render.ts');
  if (!existsSync(render)) throw new RunnerError(`${render} is missing: the gateway renders nginx.conf`);
  capture(TSX, [render, '--out', NGINX_CONF_DIR], {
    env: { ...process.env, KINORA_ROOT: ROOT, ADS_UPSTREAM: upstreamOf('ads') },
  });
  const conf = join(NGINX_CONF_DIR, 'nginx.conf');
  if (!existsSync(conf)) throw new RunnerError(`gateway/render.ts did not write ${conf}`);
  const text = readFileSync(conf, 'utf8');
  // nginx is a managed foreground process: add what the rendered file leaves to the caller.
  const globals: string[] = [];
  if (!/^\s*daemon\s/m.test(text)) globals.push('daemon off;');
  if (!/^\s*pid\s/m.test(text)) globals.push(`pid ${join(NGINX_PREFIX, 'nginx.pid')};`);
  const args = ['-p', `${NGINX_PREFIX}/`, '-c', conf, '-e', 'stderr'];
  if (globals.length > 0) args.push('-g', globals.join(' '));
  try {
    capture('nginx', ['-t', '-q', ...args]);
  } catch (error) {
    throw new RunnerError(`the rendered gateway config is invalid: ${(error as Error).message}`);
  }
  const gatewayEnv = {
    PATH: process.env.PATH,
    TZ: process.env.TZ,
    KINORA_SESSION_SIGNING_KEYS: sessionSigningKeys(),
  };
  start(IDENTITY_MARKS, process.execPath, ['--import', 'tsx', join(ROOT, 'gateway', 'identity-marks.ts')], {
    env: {
      ...gatewayEnv,
      REDIS_URL,
      REDIS_PREFIX: process.env.REDIS_PREFIX ?? 'kinora:',
      IDENTITY_MARKS_DIR: resolveGatewayVars(ROOT).IDENTITY_MARKS_DIR,
      SESSION_TOKEN_TTL_SECONDS,
    },
  });
  const pid = start(NGINX, 'nginx', args, { env: gatewayEnv });
  await waitForPort(NGINX, GATEWAY_PORT, 30_000);
  say(`nginx started (pid ${pid}) on port ${GATEWAY_PORT}`);
}

/** One line per process: running or not, and its /health status. */
export async function describeProcesses(): Promise<{ lines: string[]; unhealthy: string[] }> {
  const lines: string[] = [];
  const unhealthy: string[] = [];
  for (const p of APP_PROCESSES) {
    const pid = runningPid(p.name);
    const status = await httpStatus(`http://${HOST}:${p.port}/health`);
    if (pid === undefined && !existsSync(p.entry) && p.worker) continue;
    const ok = pid !== undefined && status === 200;
    if (!ok) unhealthy.push(p.name);
    lines.push(
      `  ${ok ? 'up  ' : 'DOWN'} ${p.name.padEnd(17)} port ${p.port}  ${
        pid === undefined ? 'not running' : `pid ${pid}`
      }  /health: ${status ?? 'no answer'}`,
    );
  }
  const nginx = runningPid(NGINX);
  const gateway = await httpStatus(GATEWAY_HEALTH_URL);
  if (nginx === undefined || gateway !== 200) unhealthy.push(NGINX);
  lines.push(
    `  ${gateway === 200 ? 'up  ' : 'DOWN'} ${'nginx'.padEnd(17)} port ${GATEWAY_PORT}  ${
      nginx === undefined ? 'not running' : `pid ${nginx}`
    }  /api/health: ${gateway ?? 'no answer'}`,
  );
  return { lines, unhealthy };
}

/** Waits for the gateway's /api/health to answer 200; on time-out says what is down and why. */
export async function waitForGateway(timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await httpStatus(GATEWAY_HEALTH_URL)) === 200) return;
    if (runningPid(NGINX) === undefined) break;
    await sleep(1_000);
  }
  const { lines, unhealthy } = await describeProcesses();
  const tails = unhealthy.map((name) => logTail(name, 30)).join('\n');
  throw new RunnerError(
    `${GATEWAY_HEALTH_URL} did not answer 200 within ${timeoutMs / 1000} s.\n${lines.join('\n')}\n${tails}`,
  );
}

/** Names of the gateway and app processes, in the order `down` stops them. */
export const APP_STOP_ORDER: readonly string[] = [NGINX, IDENTITY_MARKS, ...APP_PROCESSES.map((p) => p.name)];
