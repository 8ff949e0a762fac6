/**
 * Catalog read path against the running platform (make up, with the demo seed), with wrk.
 *
 *   npx tsx bench/catalog/run.ts
 *
 * Measures in one run, 64 connections each (BENCH_CONNECTIONS):
 *   list-gateway    GET /api/films?limit=50 through the gateway (anonymous: the micro-cache)
 *   list-static     a static file of the same size served by the same nginx from /media/
 *   list-direct     the same list from the platform's catalog service (its in-process cache)
 *   list-uncached   the same list from a catalog process the bench starts itself from the built
 *                   dist, with the platform's environment and PUBLIC_READ_CACHE=off: catalog's own
 *                   read path with nothing cached
 *   detail-gateway  GET /api/films/{id} through the gateway
 *   detail-static   a static file of the same size from the same nginx
 *   segment-gateway an HLS segment (720p) through the gateway's /media/ location
 *   segment-bare    the same file read straight off disk by a bare nginx started for the bench
 * and prints req/s, p50, p99 and the ratios.
 *
 * Settings: BENCH_GATEWAY_URL (http://127.0.0.1:8080), BENCH_CATALOG_URL (http://127.0.0.1:3002),
 * MEDIA_ROOT (<repo>/.run/media), BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_CONNECTIONS (64),
 * BENCH_THREADS (2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '@kinora/common/testing';
import { defaultGatewayVars, findRepoRoot } from '../../gateway/render.js';
import { startUncachedCatalog } from '../lib/catalog.js';
import {
  BenchError,
  fetchText,
  waitUntilServing,
  ms,
  plainScenario,
  runWrkBench,
  urlSetting,
  measureAndCompare,
} from '../lib/wrk.js';

/** The baseline: nginx with nothing but a root and sendfile, serving the media directory. */
async function startBareNginx(mediaRoot: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'kinora-bench-nginx-'));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server { listen 127.0.0.1:${port}; root ${mediaRoot}; }
}
`,
  );
  const child: ChildProcess = spawn('nginx', ['-p', prefix, '-c', conf], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(url);
  return {
    url,
    stop: () => {
      child.kill('SIGQUIT');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

async function firstSegment(gatewayUrl: string, videoUrl: string): Promise<string> {
  const master = await fetchText(`${gatewayUrl}${videoUrl}`);
  const variant = master.body.split('\n').find((line) => line.includes('720p') && line.endsWith('.m3u8'));
  if (!variant) throw new BenchError(`no 720p rendition in ${videoUrl}`, 2);
  const base = videoUrl.slice(0, videoUrl.lastIndexOf('/') + 1);
  const playlist = await fetchText(`${gatewayUrl}${base}${variant}`);
  const segment = playlist.body.split('\n').find((line) => line && !line.startsWith('#'));
  if (!segment) throw new BenchError(`no segment in ${base}${variant}`, 2);
  return `${base}${variant.slice(0, variant.lastIndexOf('/') + 1)}${segment}`;
}

async function main(gatewayUrl: string): Promise<void> {
  const catalogUrl = urlSetting('BENCH_CATALOG_URL', 'http://127.0.0.1:3002');
  const mediaRoot = process.env.MEDIA_ROOT || defaultGatewayVars(findRepoRoot()).MEDIA_ROOT;

  const list = await fetchText(`${gatewayUrl}/api/films?limit=50`);
  const films = JSON.parse(list.body) as { id: number; videoUrl: string | null }[];
  const film = films.find((candidate) => candidate.videoUrl);
  if (list.status !== 200 || !film?.videoUrl) {
    throw new BenchError(
      'No published film with video: bring the platform up with the demo seed (make up)',
      2,
    );
  }
  const detail = await fetchText(`${gatewayUrl}/api/films/${film.id}`);
  const segment = await firstSegment(gatewayUrl, film.videoUrl);
  const segmentSize = (await fetch(`${gatewayUrl}${segment}`).then((r) => r.arrayBuffer())).byteLength;

  const statics = [
    { name: `bench-list-${process.pid}.json`, body: list.body },
    { name: `bench-detail-${process.pid}.json`, body: detail.body },
  ];
  for (const file of statics) writeFileSync(join(mediaRoot, file.name), file.body);
  const bare = await startBareNginx(mediaRoot);
  const uncached = await startUncachedCatalog().catch(async (error: unknown) => {
    bare.stop();
    for (const file of statics) rmSync(join(mediaRoot, file.name), { force: true });
    throw error;
  });
  try {
    const listPath = `/api/films?limit=50`;
    const sameSizeStatic = (name: string, file: { name: string }) =>
      plainScenario(name, 'same-size static file, same nginx', `${gatewayUrl}/media/${file.name}`);
    const scenarios = [
      plainScenario(
        'list-gateway',
        `GET ${listPath} via gateway (${list.body.length} B)`,
        `${gatewayUrl}${listPath}`,
      ),
      sameSizeStatic('list-static', statics[0]!),
      plainScenario(
        'list-direct',
        `GET ${listPath} on catalog (its in-process cache)`,
        `${catalogUrl}${listPath}`,
      ),
      plainScenario(
        'list-uncached',
        `GET ${listPath} on the bench's catalog, cache off`,
        `${uncached.url}${listPath}`,
      ),
      plainScenario(
        'detail-gateway',
        `GET /api/films/${film.id} via gateway (${detail.body.length} B)`,
        `${gatewayUrl}/api/films/${film.id}`,
      ),
      sameSizeStatic('detail-static', statics[1]!),
      plainScenario(
        'segment-gateway',
        `HLS segment via gateway (${segmentSize} B)`,
        `${gatewayUrl}${segment}`,
      ),
      plainScenario(
        'segment-bare',
        `same file, bare nginx off disk`,
        `${bare.url}${segment.slice('/media'.length)}`,
      ),
    ];
    const rows = await measureAndCompare(scenarios, [
      // A visitor's cached answer should cost the gateway about what a static file does.
      ['list-gateway', 'list-static', 0.9],
      ['detail-gateway', 'detail-static', 0.9],
      ['segment-gateway', 'segment-bare'],
      ['list-gateway', 'list-direct'],
      ['list-direct', 'list-uncached'],
    ]);
    const p99 = rows.find((row) => row.scenario.name === 'list-uncached')!.result.p99Us;
    console.log(
      `list-uncached p99 = ${ms(p99)} (catalog's own list, nothing cached)   target < 50 ms: ${
        p99 < 50_000 ? 'met' : 'NOT met'
      }`,
    );
  } finally {
    await uncached.stop();
    bare.stop();
    for (const file of statics) rmSync(join(mediaRoot, file.name), { force: true });
  }
}

runWrkBench(main);
