/**
 * What every benchmark under bench/ shares: wrk runs with a machine-readable summary, settings
 * from the environment, and the results table. Traffic goes to 127.0.0.1 only, bounded in time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Scenario {
  name: string;
  description: string;
  url: string;
  headers: Record<string, string>;
  /** Paths on the url's origin requested in turn by each connection (instead of the url's path). */
  rotate?: string[];
}

export interface WrkResult {
  requests: number;
  durationUs: number;
  nonSuccess: number;
  socketErrors: number;
  p50Us: number;
  p99Us: number;
}

export class BenchError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

// wrk's done() hook prints one machine-readable line; latencies are in microseconds.
export const DONE_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "KINORA_WRK {\\"requests\\":%.0f,\\"durationUs\\":%.0f,\\"nonSuccess\\":%.0f,\\"socketErrors\\":%.0f,\\"p50Us\\":%.0f,\\"p99Us\\":%.0f}\\n",
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

export function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new BenchError(`${name} must be a positive number, got ${JSON.stringify(raw)}`, 2);
  }
  return value;
}

/** A base URL from the environment, or its local default, without a trailing slash. */
export function urlSetting(name: string, fallback: string): string {
  return (process.env[name] ?? fallback).replace(/\/$/, '');
}

/** The gateway every bench goes through (BENCH_GATEWAY_URL). */
export const gatewayUrlSetting = () => urlSetting('BENCH_GATEWAY_URL', 'http://127.0.0.1:8080');

/** The local mail catcher the benches sign in through (MAILDEV_URL). */
export const maildevUrlSetting = () => urlSetting('MAILDEV_URL', 'http://127.0.0.1:1080');

export function requireWrk(): void {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    throw new BenchError('wrk is not installed: apt-get install -y wrk (Debian package)', 1);
  }
}

export async function fetchText(url: string, headers: Record<string, string> = {}) {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(3000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new BenchError(`${url} is not reachable (${cause}). Is the platform up? Start it with: make up`, 2);
  }
}

export function runWrk(scenario: Scenario, seconds: number, script: string): Promise<WrkResult> {
  const connections = setting('BENCH_CONNECTIONS', 64);
  // wrk refuses more threads than connections (the ingest bench steps up from one connection).
  const threads = Math.min(setting('BENCH_THREADS', 2), connections);
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

export function perSecond(result: WrkResult): number {
  return result.requests / (result.durationUs / 1e6);
}

export function ms(us: number): string {
  return `${(us / 1000).toFixed(2)} ms`;
}

export function printTable(rows: { scenario: Scenario; result: WrkResult }[]): void {
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

export interface Row {
  scenario: Scenario;
  result: WrkResult;
}

// A request() hook cycling through the scenario's paths, with the scenario's headers.
function rotateScript(paths: string[]): string {
  const list = paths.map((path) => JSON.stringify(path)).join(', ');
  return `
local paths = { ${list} }
local next_path = 0
request = function()
  next_path = next_path % #paths + 1
  return wrk.format("GET", paths[next_path])
end
`;
}

/** Warms up and measures each scenario in turn (BENCH_WARMUP, BENCH_DURATION seconds). */
export async function measure(scenarios: Scenario[]): Promise<Row[]> {
  const duration = setting('BENCH_DURATION', 10);
  const warmup = setting('BENCH_WARMUP', 2);
  const scratch = mkdtempSync(join(tmpdir(), 'kinora-bench-'));
  try {
    const rows: Row[] = [];
    for (const [index, scenario] of scenarios.entries()) {
      const script = join(scratch, `scenario-${index}.lua`);
      writeFileSync(script, (scenario.rotate ? rotateScript(scenario.rotate) : '') + DONE_SCRIPT);
      process.stdout.write(`${scenario.name}: warm-up ${warmup}s, measure ${duration}s...\n`);
      await runWrk(scenario, warmup, script);
      rows.push({ scenario, result: await runWrk(scenario, duration, script) });
    }
    return rows;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Measures the scenarios, prints their table, then "a/b" for each pair of `ratios`. */
export async function measureAndCompare(
  scenarios: Scenario[],
  ratios: [string, string, number?][],
): Promise<Row[]> {
  const rows = await measure(scenarios);
  console.log('');
  printTable(rows);
  console.log('');
  for (const [a, b, target] of ratios) console.log(ratio(rows, a, b, target));
  return rows;
}

/** "a/b = 0.42x" from the req/s of two measured scenarios, and whether it meets `target` if given. */
export function ratio(rows: Row[], a: string, b: string, target?: number): string {
  const rate = (name: string) => {
    const row = rows.find((candidate) => candidate.scenario.name === name);
    if (!row) throw new Error(`no scenario ${name}`);
    return perSecond(row.result);
  };
  const value = rate(a) / rate(b);
  const verdict =
    target === undefined ? '' : `   target ≥ ${target}×: ${value >= target ? 'met' : 'NOT met'}`;
  return `${a}/${b} = ${value.toFixed(2)}x${verdict}`;
}

/** A scenario that sends no headers of its own. */
export function plainScenario(name: string, description: string, url: string): Scenario {
  return { name, description, url, headers: {} };
}

export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof BenchError ? error.exitCode : 1);
  });
}

/** Runs a wrk bench: fails early when wrk is missing, then `main` against the gateway (BENCH_GATEWAY_URL). */
export function runWrkBench(main: (gatewayUrl: string) => Promise<void>): void {
  run(async () => {
    requireWrk();
    await main(gatewayUrlSetting());
  });
}

/** Waits (up to 5 s) until a server the bench started answers anything at `url`. */
export async function waitUntilServing(url: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
