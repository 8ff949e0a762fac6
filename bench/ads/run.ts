/**
 * Ad selection through the gateway, for one and for two ads replicas, against the running platform
 * (make up), with an open-loop generator (bench/lib/open-loop.ts).
 *
 *   npx tsx bench/ads/run.ts
 *
 * Starts a second ads replica of its own (the platform's build and environment, on a free port)
 * unless the platform runs one already (ADS_REPLICAS=2), and two private gateways rendered from
 * the same template on free ports (gateway/render.ts): one whose ads upstream is the platform's
 * replica alone, one with both. Then, per gateway, POST /api/ads/select at rising rates (BENCH_RATES,
 * BENCH_DURATION seconds each) from BENCH_VIEWERS visitors (told apart by their agent), each select
 * a new session, on the platform's published films, while a campaign of the bench is eligible
 * for all of them. Baseline of the same run and generator: the gateway's static index.html.
 *
 * Before each gateway's sweep, BENCH_WARMUP (10) seconds of selects at 500/s, not counted (a
 * freshly started replica's JIT and caches), then the target rate held for BENCH_TARGET_WINDOW
 * (30) seconds: the select p99 at 500/s is read from that steady window, not from a short step.
 *
 * Then, on one replica, impressions (bench/ads/views.ts): as many selections as the window holds
 * at 500/s, made first, then their starts at 500/s over the window, and the static file at the same
 * rate for comparison (the soak holds a route's p99 to 3× the static file's).
 *
 * Prints p50/p99 per rate, select p99 at 500 requests/s over the window (target < 15 ms) and the
 * highest rate sustained with p99 < 50 ms, for one and two replicas, and those rates against the
 * baseline's; and the view's p50/p99 at 500/s on one replica.
 *
 * Settings: BENCH_RATES (250,500,1000,1500,2000,3000,4000,6000), BENCH_DURATION (8), BENCH_VIEWERS (20000),
 * BENCH_WARMUP (10), BENCH_TARGET_WINDOW (30).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

import { renderGateway } from '../../gateway/render.js';
import {
  NGINX_PREFIX,
  ROOT,
  SERVICES,
  serviceDir,
  serviceEntry,
  serviceEnv,
} from '../../infra/local/config.js';
import { createCampaign, removeCampaign } from '../lib/campaign.js';
import { runAtRate, type RateResult, type RequestSpec } from '../lib/open-loop.js';
import { freePort } from '@kinora/common/testing';
import { BenchError, run, setting, waitUntilServing, gatewayUrlSetting } from '../lib/wrk.js';
import { selectionsFor, viewOf } from './views.js';

const TARGET_RATE = 500;
const TARGET_P99_MS = 15;
const SUSTAINED_P99_MS = 50;
const ADS = SERVICES.find((service) => service.name === 'ads')!;

const children: ChildProcess[] = [];
const scratch: string[] = [];

async function startReplica(): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, [serviceEntry('ads', 'main')], {
    cwd: serviceDir('ads'),
    env: { ...serviceEnv('ads', port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  children.push(child);
  for (const deadline = Date.now() + 60_000; ;) {
    const live = await fetch(`http://127.0.0.1:${port}/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (live) return port;
    if (Date.now() > deadline) throw new BenchError('the extra ads replica did not start', 1);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A private gateway on a free port, the platform's in everything but its ads upstream. */
async function startGateway(adsUpstream: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kinora-bench-ads-'));
  scratch.push(dir);
  const port = await freePort();
  const rendered = renderGateway({
    outDir: join(dir, 'conf'),
    repoRoot: ROOT,
    vars: {
      LISTEN_PORT: `127.0.0.1:${port}`,
      ADS_UPSTREAM: adsUpstream,
      NGINX_PREFIX: join(dir, 'prefix'),
      IDENTITY_MARKS_DIR: join(NGINX_PREFIX, 'identity'),
      ACCESS_LOG: join(dir, 'access.log'),
      ERROR_LOG: join(dir, 'error.log'),
      // The generator is thousands of viewers behind one address.
      WRITE_RATE_LIMIT: '100000r/s',
    },
    env: {},
  });
  const check = spawnSync('nginx', ['-t', '-q', ...rendered.nginxArgs], { encoding: 'utf8' });
  if (check.status !== 0) throw new BenchError(`the bench's gateway config is invalid: ${check.stderr}`, 1);
  const child = spawn('nginx', [...rendered.nginxArgs, '-g', 'daemon off;'], { stdio: 'ignore' });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/`);
  return url;
}

function curve(label: string, rows: RateResult[]): void {
  console.log(`\n${label}`);
  for (const row of rows) {
    console.log(
      `  ${String(row.rate).padStart(5)}/s asked, ${row.achieved.toFixed(0).padStart(5)}/s sent: ` +
        `p50 ${row.p50Ms.toFixed(1)} ms, p99 ${row.p99Ms.toFixed(1)} ms, failures ${row.failures}` +
        (row.firstFailure ? ` (first: ${row.firstFailure})` : ''),
    );
  }
}

const sustained = (rows: RateResult[]) =>
  rows
    .filter((row) => row.p99Ms < SUSTAINED_P99_MS && row.failures === 0)
    .reduce((top, row) => Math.max(top, row.rate), 0);

async function sweep(
  origin: string,
  rates: number[],
  seconds: number,
  next: (n: number) => RequestSpec,
  ok: (s: number) => boolean,
) {
  const rows: RateResult[] = [];
  for (const rate of rates) {
    const row = await runAtRate(origin, rate, seconds, next, ok);
    rows.push(row);
    if (row.p99Ms > 4 * SUSTAINED_P99_MS) break;
  }
  return rows;
}

/** Warms the gateway's replicas up (not counted), then holds the target rate for the steady window. */
async function steady(
  origin: string,
  next: (n: number) => RequestSpec,
  ok: (s: number) => boolean,
): Promise<RateResult> {
  await runAtRate(origin, TARGET_RATE, setting('BENCH_WARMUP', 10), next, ok);
  return runAtRate(origin, TARGET_RATE, setting('BENCH_TARGET_WINDOW', 30), next, ok);
}

async function main(): Promise<void> {
  const rates = (process.env.BENCH_RATES ?? '250,500,1000,1500,2000,3000,4000,6000').split(',').map(Number);
  const seconds = setting('BENCH_DURATION', 8);
  const viewers = setting('BENCH_VIEWERS', 20_000);
  const platform = gatewayUrlSetting();
  const films = (await (await fetch(`${platform}/api/films?limit=50`)).json()) as { id: number }[];
  if (films.length === 0)
    throw new BenchError('no published film: wait for the demo catalog (make status)', 2);

  const second = (await fetch('http://127.0.0.1:3014/health/live').then(
    (r) => r.ok,
    () => false,
  ))
    ? 3014
    : await startReplica();
  const one = await startGateway(`127.0.0.1:${ADS.port}`);
  const two = await startGateway(`127.0.0.1:${ADS.port},127.0.0.1:${second}`);
  const campaign = await createCampaign('Bench', 3_600_000);
  if (!campaign) throw new BenchError('no creative video: wait for the demo ads (make status)', 2);
  try {
    const select = (n: number): RequestSpec => ({
      method: 'POST',
      path: '/api/ads/select',
      headers: {
        'content-type': 'application/json',
        'user-agent': `KinoraBench/1.0 (viewer ${n % viewers})`,
      },
      body: JSON.stringify({
        filmId: films[n % films.length]!.id,
        position: 0,
        placementType: 'pre_roll',
        sessionId: randomUUID(),
      }),
    });
    const selected = (status: number) => status === 200 || status === 204;
    const baseline = await sweep(
      one,
      rates,
      seconds,
      () => ({ method: 'GET', path: '/', headers: {} }),
      (s) => s === 200,
    );
    const singleWindow = await steady(one, select, selected);
    const single = await sweep(one, rates, seconds, select, selected);
    const window = setting('BENCH_TARGET_WINDOW', 30);
    const grants = await selectionsFor(one, TARGET_RATE * window, select);
    const viewWindow = await runAtRate(
      one,
      TARGET_RATE,
      window,
      viewOf(grants),
      (s) => s === 200 || s === 201,
    );
    const staticWindow = await runAtRate(
      one,
      TARGET_RATE,
      window,
      () => ({ method: 'GET', path: '/', headers: {} }),
      (s) => s === 200,
    );
    const doubleWindow = await steady(two, select, selected);
    const double = await sweep(two, rates, seconds, select, selected);
    curve('baseline: the gateway serving index.html (nginx static)', baseline);
    curve('POST /api/ads/select, one ads replica', single);
    curve('POST /api/ads/select, two ads replicas', double);

    console.log('');
    for (const [label, rows, window] of [
      ['one replica', single, singleWindow],
      ['two replicas', double, doubleWindow],
    ] as const) {
      const p99 = window.p99Ms;
      const met = p99 < TARGET_P99_MS && window.failures === 0;
      console.log(
        `${label}: select p99 at ${TARGET_RATE}/s over ${window.requests} selects ${p99.toFixed(1)} ms, ` +
          `failures ${window.failures} (target < ${TARGET_P99_MS} ms: ${met ? 'met' : 'NOT met'}); ` +
          `highest rate with p99 < ${SUSTAINED_P99_MS} ms: ${sustained(rows)}/s ` +
          `(${(sustained(rows) / Math.max(1, sustained(baseline))).toFixed(3)}x the static baseline's ${sustained(baseline)}/s)`,
      );
    }
    console.log(
      `one replica: view (start) p50 ${viewWindow.p50Ms.toFixed(1)} ms, p99 at ${TARGET_RATE}/s over ${viewWindow.requests} views ` +
        `${viewWindow.p99Ms.toFixed(1)} ms, failures ${viewWindow.failures}` +
        (viewWindow.firstFailure ? ` (first: ${viewWindow.firstFailure})` : '') +
        `; static file at the same rate: p99 ${staticWindow.p99Ms.toFixed(1)} ms`,
    );
  } finally {
    await removeCampaign(campaign);
  }
}

run(async () => {
  try {
    await main();
  } finally {
    for (const child of children) child.kill();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }
});
