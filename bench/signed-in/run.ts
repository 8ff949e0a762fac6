/**
 * What a signed-in viewer gets next to a visitor, and what an idle platform costs, against the
 * running platform (make up, with the demo seed), with wrk.
 *
 *   npx tsx bench/signed-in/run.ts
 *
 * Signs a fresh member in (the code read from maildev), then measures in one run, 64 connections
 * each (BENCH_CONNECTIONS):
 *   list-anonymous   GET /api/films?limit=50 via the gateway, no session (the micro-cache)
 *   list-member      the same as the signed-in member
 *   user-member      GET /api/auth/user via the gateway as the member
 *   user-bare        a bare node:http server (started by the bench) answering the same bytes
 *   list-uncached    GET /api/films?limit=50 from a catalog process the bench starts with its
 *                    public read cache off (bench/lib/catalog.ts)
 * then lets the platform settle for BENCH_IDLE_SETTLE_SECONDS (15: the bench's own catalog leaving
 * its consumer group, the last writes of the load) and leaves it alone for BENCH_IDLE_SECONDS (60),
 * reading the CPU every Node process of the platform used meanwhile. It prints the figures, the ratios and each target met or not.
 *
 * Settings: BENCH_GATEWAY_URL (http://127.0.0.1:8080), MAILDEV_URL (http://127.0.0.1:1080),
 * BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_CONNECTIONS (64), BENCH_THREADS (2),
 * BENCH_IDLE_SETTLE_SECONDS (15), BENCH_IDLE_SECONDS (60).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { freePort } from '@kinora/common/testing';
import { findRepoRoot } from '../../gateway/render.js';
import { startUncachedCatalog } from '../lib/catalog.js';
import { measureIdle, platformNodeProcesses } from '../lib/idle.js';
import { signIn } from '../lib/session.js';
import {
  BenchError,
  fetchText,
  waitUntilServing,
  measure,
  ms,
  perSecond,
  printTable,
  runWrkBench,
  setting,
  type Row,
  maildevUrlSetting,
} from '../lib/wrk.js';

/** A bare node:http server in a process of its own, answering every request with these bytes. */
async function startBareNode(body: string, contentType: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const script = `require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': process.env.TYPE, 'content-length': Buffer.byteLength(process.env.BODY) });
      res.end(process.env.BODY);
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { PATH: process.env.PATH, BODY: body, TYPE: contentType },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilServing(url);
  return { url, stop: () => child.kill() };
}

function rate(rows: Row[], name: string): number {
  const row = rows.find((candidate) => candidate.scenario.name === name);
  if (!row) throw new Error(`no scenario ${name}`);
  return perSecond(row.result);
}

async function main(gatewayUrl: string): Promise<void> {
  const maildevUrl = maildevUrlSetting();
  const idleSeconds = setting('BENCH_IDLE_SECONDS', 60);
  const settleSeconds = setting('BENCH_IDLE_SETTLE_SECONDS', 15);
  const root = findRepoRoot();

  const list = await fetchText(`${gatewayUrl}/api/films?limit=50`);
  if (list.status !== 200 || (JSON.parse(list.body) as unknown[]).length === 0) {
    throw new BenchError('No published film: bring the platform up with the demo seed (make up)', 2);
  }
  const cookie = await signIn(gatewayUrl, maildevUrl);
  const member = await fetch(`${gatewayUrl}/api/auth/user`, { headers: { Cookie: cookie } });
  const userBody = await member.text();
  if (member.status !== 200) throw new BenchError(`/api/auth/user answered ${member.status}: ${userBody}`, 2);

  const bare = await startBareNode(userBody, member.headers.get('content-type') ?? 'application/json');
  const catalog = await startUncachedCatalog();
  try {
    const rows = await measure([
      {
        name: 'list-anonymous',
        description: `GET /api/films?limit=50 via gateway, no session (${list.body.length} B)`,
        url: `${gatewayUrl}/api/films?limit=50`,
        headers: {},
      },
      {
        name: 'list-member',
        description: 'GET /api/films?limit=50 via gateway, signed in',
        url: `${gatewayUrl}/api/films?limit=50`,
        headers: { Cookie: cookie },
      },
      {
        name: 'user-member',
        description: `GET /api/auth/user via gateway, signed in (${userBody.length} B)`,
        url: `${gatewayUrl}/api/auth/user`,
        headers: { Cookie: cookie },
      },
      {
        name: 'user-bare',
        description: 'the same bytes from a bare node:http server',
        url: bare.url,
        headers: {},
      },
      {
        name: 'list-uncached',
        description: 'GET /api/films?limit=50 on catalog, public read cache off',
        url: `${catalog.url}/api/films?limit=50`,
        headers: {},
      },
    ]);
    printTable(rows);

    const uncached = rows.find((row) => row.scenario.name === 'list-uncached')!.result;
    const targets: [string, number, number][] = [
      ['list-member/list-anonymous', rate(rows, 'list-member') / rate(rows, 'list-anonymous'), 0.8],
      ['user-member/user-bare', rate(rows, 'user-member') / rate(rows, 'user-bare'), 0.3],
    ];
    console.log('');
    for (const [name, value, target] of targets) {
      console.log(
        `${name} = ${value.toFixed(2)}x   target ≥ ${target}×: ${value >= target ? 'met' : 'NOT met'}`,
      );
    }
    console.log(
      `list-uncached p99 = ${ms(uncached.p99Us)}, p50 = ${ms(uncached.p50Us)}   target p99 < 50 ms: ${
        uncached.p99Us < 50_000 ? 'met' : 'NOT met'
      }`,
    );
  } finally {
    bare.stop();
    await catalog.stop();
  }

  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
  const processes = platformNodeProcesses(join(root, '.run', 'pids'));
  process.stdout.write(`\nidle: ${processes.length} Node processes left alone for ${idleSeconds} s...\n`);
  const idle = await measureIdle(processes, idleSeconds);
  for (const { name, pid, ticks } of idle.processes) {
    console.log(`  ${name.padEnd(18)} pid ${String(pid).padEnd(8)} ${ticks} ticks`);
  }
  const share = idle.shareOfOneCore * 100;
  console.log(
    `idle total = ${share.toFixed(2)} % of one core   target < 3 %: ${share < 3 ? 'met' : 'NOT met'}`,
  );
}

runWrkBench(main);
