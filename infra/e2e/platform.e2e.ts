/**
 * The running platform (`make up`), end to end over real HTTP: the gateway's health aggregate,
 * identity that a client cannot forge, and JSON 4xx answers for bad input on every service.
 * Run: node --import tsx --test infra/e2e/*.e2e.ts   (KINORA_URL defaults to http://localhost:8080)
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT, SERVICES } from '../local/config';
import { managedNames, runningPid } from '../local/proc';

const GATEWAY = (process.env.KINORA_URL ?? 'http://localhost:8080').replace(/\/$/, '');

async function json(response: Response): Promise<Record<string, unknown>> {
  assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${response.url}: JSON body`);
  return (await response.json()) as Record<string, unknown>;
}

function assertErrorBody(body: Record<string, unknown>, status: number) {
  assert.equal(body.statusCode, status);
  assert.equal(typeof body.error, 'string');
  assert.equal(typeof body.message, 'string');
}

describe('gateway', () => {
  test('GET /api/health reports all six services with their database, Redis and Kafka up', async () => {
    const response = await fetch(`${GATEWAY}/api/health`);
    const body = (await json(response)) as {
      status: string;
      services: Record<string, { status: string; info: Record<string, { status: string }> }>;
    };
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.equal(body.status, 'ok');
    assert.deepEqual(Object.keys(body.services).sort(), [
      'admin',
      'ads',
      'analytics',
      'auth',
      'catalog',
      'social',
    ]);
    for (const [name, health] of Object.entries(body.services)) {
      assert.equal(health.status, 'ok', name);
      for (const check of ['database', 'redis', 'kafka'])
        assert.equal(health.info[check]?.status, 'up', `${name} ${check}`);
    }
  });

  test('a client-sent X-User-Id / X-User-Roles never reaches a service', async () => {
    const forged = { 'X-User-Id': '00000000-0000-0000-0000-000000000001', 'X-User-Roles': 'admin' };
    // Admin-only: a forged admin identity would get 200 if the header reached the service.
    for (const headers of [forged, { ...forged, Cookie: 'kinora_session=forged-session' }]) {
      const stats = await fetch(`${GATEWAY}/api/admin/stats`, { headers });
      assertErrorBody(await json(stats), 401);
      const me = await fetch(`${GATEWAY}/api/auth/user`, { headers });
      assertErrorBody(await json(me), 401);
    }
  });

  test('an unknown API path is a JSON 404 and an unknown page is the SPA', async () => {
    const api = await fetch(`${GATEWAY}/api/no/such/thing`);
    assert.equal(api.status, 404);
    assertErrorBody(await json(api), 404);
    const page = await fetch(`${GATEWAY}/no/such/page`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
  });

  test('GET /api/login redirects to /auth', async () => {
    const response = await fetch(`${GATEWAY}/api/login`, { redirect: 'manual' });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/auth');
  });
});

describe('every service answers bad input with a JSON 4xx, never a 500', () => {
  for (const service of SERVICES) {
    const base = `http://127.0.0.1:${service.port}`;

    test(`${service.name}: unknown route`, async () => {
      const response = await fetch(`${base}/api/${service.name}/no-such-route`);
      assert.equal(response.status, 404);
      assertErrorBody(await json(response), 404);
    });

    test(`${service.name}: malformed JSON body`, async () => {
      const response = await fetch(`${base}/api/${service.name}/anything`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"unterminated": ',
      });
      assert.ok(response.status >= 400 && response.status < 500, `status ${response.status}`);
      assertErrorBody(await json(response), response.status);
    });

    test(`${service.name}: health and metrics`, async () => {
      assert.equal((await fetch(`${base}/health/live`)).status, 200);
      assert.match(await (await fetch(`${base}/metrics`)).text(), /process_cpu_user_seconds_total/);
    });
  }
});

describe('processes', () => {
  test('every Node process of make up runs the major Node.js release .nvmrc names (24 LTS)', () => {
    const major = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim().split('.')[0];
    const onNode: string[] = [];
    for (const name of managedNames()) {
      const pid = runningPid(name);
      if (pid === undefined) continue;
      const exe = readlinkSync(`/proc/${pid}/exe`);
      if (!/\/node$/.test(exe)) continue;
      const version = execFileSync(exe, ['-v'], { encoding: 'utf8' }).trim();
      assert.match(version, new RegExp(`^v${major}\\.`), `${name} (pid ${pid}) runs ${exe} ${version}`);
      onNode.push(name);
    }
    for (const name of [...SERVICES.map((s) => s.name), 'catalog-worker', 'analytics-worker', 'maildev']) {
      assert.ok(onNode.includes(name), `${name} is not among the Node processes found: ${onNode.join(', ')}`);
    }
  });
});
