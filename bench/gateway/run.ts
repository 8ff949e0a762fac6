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
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { defaultGatewayVars, findRepoRoot } from '../../gateway/render.js';
import {
  BenchError,
  fetchText,
  runWrkBench,
  type Scenario,
  urlSetting,
  measureAndCompare,
} from '../lib/wrk.js';

const ENDPOINT = '/api/auth/user';
// Shaped like a real session token, so the identity check really looks it up (and finds none).
const SESSION_COOKIE = `kinora_session=${'b'.repeat(43)}`;

async function main(gatewayUrl: string): Promise<void> {
  const authUrl = urlSetting('BENCH_AUTH_URL', 'http://127.0.0.1:3001');
  const mediaRoot = process.env.MEDIA_ROOT || defaultGatewayVars(findRepoRoot()).MEDIA_ROOT;

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

    await measureAndCompare(scenarios, [
      ['gateway', 'direct'],
      ['gateway', 'static'],
    ]);
    if (viaGateway.status >= 300) {
      console.log(
        `\nnon-2xx are expected: ${ENDPOINT} answers ${viaGateway.status} to the anonymous bench session.`,
      );
    }
  } finally {
    rmSync(staticPath, { force: true });
  }
}

runWrkBench(main);
