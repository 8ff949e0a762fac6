/**
 * The compose stack as the tests see it from the host: its containers (`docker compose ps`), a
 * command run in one (`docker compose exec`), and each process's /metrics read from inside its
 * container (the backend network publishes nothing).
 * The project is COMPOSE_PROJECT_NAME's, as infra/compose/compose.sh set it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

import type { MetricsSource } from '../local/consumer-lag';

const ROOT = resolve(__dirname, '..', '..');

export interface Container {
  /** The container's name, e.g. kinora-e2e-ads-2. */
  Name: string;
  /** The compose service, e.g. ads. */
  Service: string;
  State: string;
  Health: string;
  ExitCode: number;
}

/** `docker compose <args>` in the repository, its output; throws with stderr when it fails. */
export function compose(...args: string[]): string {
  const result = spawnSync('docker', ['compose', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 });
  if (result.status !== 0) {
    throw new Error(`docker compose ${args.join(' ')}: exit ${result.status}\n${result.stderr}`);
  }
  return result.stdout;
}

/** Every container of the project, stopped ones included. */
export function containers(): Container[] {
  // compose prints one JSON object a line (or, in older releases, one array).
  const text = compose('ps', '--all', '--format', 'json').trim();
  if (text.startsWith('[')) return JSON.parse(text) as Container[];
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Container);
}

export const replicasOf = (service: string) =>
  containers()
    .filter((c) => c.Service === service)
    .sort((a, b) => a.Name.localeCompare(b.Name, 'en', { numeric: true }));

/** A container's state as the engine keeps it. */
export function inspect(container: string): {
  pid: number;
  restartCount: number;
  running: boolean;
  health: string;
} {
  const format =
    '{{.State.Pid}} {{.RestartCount}} {{.State.Running}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}';
  const [pid, restarts, running, health] = execFileSync('docker', ['inspect', '-f', format, container], {
    encoding: 'utf8',
  })
    .trim()
    .split(' ');
  return { pid: Number(pid), restartCount: Number(restarts), running: running === 'true', health: health! };
}

/** Runs a Node one-liner inside a container (every Node image has node); its standard output. */
export function nodeIn(container: string, script: string): string {
  return execFileSync('docker', ['exec', container, 'node', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

/** The Node processes whose /metrics carry their consumer lag: every service replica and worker. */
const METRICS_SERVICES = [
  'auth',
  'catalog',
  'social',
  'ads',
  'analytics',
  'admin',
  'catalog-worker',
  'analytics-worker',
];

/** Each running service and worker container's /metrics, read on its own port from inside it. */
export function composeMetricsSources(): MetricsSource[] {
  return containers()
    .filter((c) => METRICS_SERVICES.includes(c.Service) && c.State === 'running')
    .map((c) => ({
      name: c.Name,
      read: async () =>
        nodeIn(
          c.Name,
          "fetch('http://127.0.0.1:' + process.env.PORT + '/metrics').then(async (r) => { if (!r.ok) process.exit(1); process.stdout.write(await r.text()); })",
        ),
    }));
}
