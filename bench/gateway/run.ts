/**
 * Gateway overhead benchmark against the running platform (make up), with wrk.
 *
 *   npx tsx bench/gateway/run.ts
 *
 * Measures, one after the other, each with a short warm-up:
 *   gateway  GET /api/auth/user through nginx, with a session cookie so the auth_request identity
 *            subrequest really reaches the auth service (anonymous: the answer is a 401, expected)
 *   direct   the same call on the auth service itself, with the headers the gateway would add
 *   static   a static file of the same size served by the same nginx from /media/
 * and prints req/s, p50, p99 and the ratios gateway/direct and gateway/static.
 *
 * Settings (environment): BENCH_GATEWAY_URL (http://127.0.0.1:8080), BENCH_AUTH_URL
 * (http://127.0.0.1:3001), MEDIA_ROOT (<repo>/.run/media, the directory the gateway serves at
 * /media/), BENCH_DURATION seconds (10), BENCH_WARMUP seconds (2), BENCH_CONNECTIONS (64),
 * BENCH_THREADS (2).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defaultGatewayVars, findRepoRoot } from '../../gateway/render.js';

interface Scenario {
  name: string;
  description: string;
  url: string;
  headers: Record<string, string>;
}

interface WrkResult {
  requests: number;
  durationUs: number;
  nonSuccess: number;
  socketErrors: number;
  p50Us: number;
  p99Us: number;
}

class BenchError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

const ENDPOINT = '/api/auth/user';
const SESSION_COOKIE = 'kinora_session=bench';

// wrk's done() hook prints one machine-readable line; latencies are in microseconds.
const DONE_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "KINORA_WRK {\\"requests\\":%.0f,\\"durationUs\\":%.0f,\\"nonSuccess\\":%.0f,\\"socketErrors\\":%.0f,\\"p50Us\\":%.0f,\\"p99Us\\":%.0f}\\n",
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new BenchError(`${name} must be a positive number, got ${JSON.stringify(raw)}`, 2);
  }
  return value;
}

function requireWrk(): void {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    throw new BenchError('wrk is not installed: apt-get install -y wrk (Debian package)', 1);
  }
}

async function fetchText(url: string, headers: Record<string, string> = {}) {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(3000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new BenchError(`${url} is not reachable (${cause}). Is the platform up? Start it with: make up`, 2);
  }
}

function runWrk(scenario: Scenario, seconds: number, script: string): Promise<WrkResult> {
  const connections = setting('BENCH_CONNECTIONS', 64);
  const threads = setting('BENCH_THREADS', 2);
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '5s',
    '-s',
    script,
    ...Object.entries(scenario.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    scenario.url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('KINORA_WRK '));
      if (code !== 0 || !line) {
        reject(new BenchError(`wrk failed for ${scenario.name} (exit ${code}):\n${output}`, 1));
        return;
      }
      resolve(JSON.parse(line.slice('KINORA_WRK '.length)) as WrkResult);
    });
  });
}

function perSecond(result: WrkResult): number {
  return result.requests / (result.durationUs / 1e6);
}

function ms(us: number): string {
  return `${(us / 1000).toFixed(2)} ms`;
}

function printTable(rows: { scenario: Scenario; result: WrkResult }[]): void {
  const header = ['scenario', 'what', 'req/s', 'p50', 'p99', 'non-2xx', 'socket errors'];
  const lines = rows.map(({ scenario, result }) => [
    scenario.name,
    scenario.description,
    perSecond(result).toFixed(0),
    ms(result.p50Us),
    ms(result.p99Us),
    String(result.nonSuccess),
    String(result.socketErrors),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  requireWrk();
  const gatewayUrl = (process.env.BENCH_GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const authUrl = (process.env.BENCH_AUTH_URL ?? 'http://127.0.0.1:3001').replace(/\/$/, '');
  const mediaRoot = process.env.MEDIA_ROOT || defaultGatewayVars(findRepoRoot()).MEDIA_ROOT;
  const duration = setting('BENCH_DURATION', 10);
  const warmup = setting('BENCH_WARMUP', 2);

  // The platform must be up: the gateway must reach auth, and auth must answer directly.
  const viaGateway = await fetchText(`${gatewayUrl}${ENDPOINT}`, { Cookie: SESSION_COOKIE });
  if (viaGateway.status >= 500) {
    throw new BenchError(
      `The gateway answered ${viaGateway.status} for ${ENDPOINT}: ${viaGateway.body}\nIs the auth service up?`,
      2,
    );
  }
  const direct = await fetchText(`${authUrl}${ENDPOINT}`, { Cookie: SESSION_COOKIE });
  console.log(
    `${ENDPOINT}: gateway answers ${viaGateway.status} (${viaGateway.body.length} bytes), auth directly ${direct.status}`,
  );

  // A static file as large as the API answer, in the directory nginx serves at /media/.
  const staticName = `bench-static-${process.pid}.json`;
  const staticPath = join(mediaRoot, staticName);
  const scratch = mkdtempSync(join(tmpdir(), 'kinora-bench-gateway-'));
  const script = join(scratch, 'done.lua');
  writeFileSync(script, DONE_SCRIPT);
  try {
    writeFileSync(staticPath, viaGateway.body.padEnd(Math.max(viaGateway.body.length, 2), ' '));
    const staticProbe = await fetchText(`${gatewayUrl}/media/${staticName}`);
    if (staticProbe.status !== 200) {
      throw new BenchError(
        `The gateway does not serve ${mediaRoot} at /media/ (got ${staticProbe.status}); set MEDIA_ROOT to its media root`,
        2,
      );
    }

    const scenarios: Scenario[] = [
      {
        name: 'gateway',
        description: `GET ${ENDPOINT} via nginx + auth_request`,
        url: `${gatewayUrl}${ENDPOINT}`,
        headers: { Cookie: SESSION_COOKIE },
      },
      {
        name: 'direct',
        description: `GET ${ENDPOINT} on auth`,
        url: `${authUrl}${ENDPOINT}`,
        headers: {
          Cookie: SESSION_COOKIE,
          'X-Request-Id': '0123456789abcdef0123456789abcdef',
          'X-Real-IP': '127.0.0.1',
          'X-Forwarded-For': '127.0.0.1',
          'X-Forwarded-Proto': 'http',
          'X-Forwarded-Host': new URL(gatewayUrl).host,
        },
      },
      {
        name: 'static',
        description: `GET /media/${staticName} (${viaGateway.body.length} B)`,
        url: `${gatewayUrl}/media/${staticName}`,
        headers: {},
      },
    ];

    const rows: { scenario: Scenario; result: WrkResult }[] = [];
    for (const scenario of scenarios) {
      process.stdout.write(`${scenario.name}: warm-up ${warmup}s, measure ${duration}s...\n`);
      await runWrk(scenario, warmup, script);
      rows.push({ scenario, result: await runWrk(scenario, duration, script) });
    }

    console.log('');
    printTable(rows);
    const [gateway, directRun, staticRun] = rows.map((row) => perSecond(row.result));
    if (gateway !== undefined && directRun !== undefined && staticRun !== undefined) {
      console.log('');
      console.log(`gateway/direct = ${(gateway / directRun).toFixed(2)}x`);
      console.log(`gateway/static = ${(gateway / staticRun).toFixed(2)}x`);
    }
    if (viaGateway.status >= 300) {
      console.log(
        `\nnon-2xx are expected: ${ENDPOINT} answers ${viaGateway.status} to the anonymous bench session.`,
      );
    }
  } finally {
    rmSync(staticPath, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof BenchError ? error.exitCode : 1);
});
