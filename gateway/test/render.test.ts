/**
 * Rendering the gateway with replicas: an upstream listed comma-separated becomes one `server` line
 * per replica, each set aside for 2 s (not 10) after a failure, and nginx accepts the result.
 * Run: node --import tsx --test gateway/test/render.test.ts
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { LOCAL_HOST, replicaPort, upstreamAddress } from '../../infra/topology.js';
import { renderGateway } from '../render.js';

const ADS = [1, 2].map((replica) => `${LOCAL_HOST}:${replicaPort('ads', replica)}`);

test('ADS_UPSTREAM with two replicas renders two server lines, set aside for 2 s after a failure, that nginx accepts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kinora-gateway-render-'));
  try {
    const rendered = renderGateway({
      outDir: join(dir, 'conf'),
      vars: {
        ADS_UPSTREAM: ADS.join(','),
        SPA_ROOT: join(dir, 'spa'),
        MEDIA_ROOT: join(dir, 'media'),
        NGINX_PREFIX: join(dir, 'prefix'),
        IDENTITY_MARKS_DIR: join(dir, 'identity'),
        ERROR_LOG: join(dir, 'error.log'),
        ACCESS_LOG: join(dir, 'access.log'),
      },
      env: {},
    });
    const conf = readFileSync(rendered.confPath, 'utf8');
    const upstream = /upstream ads \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    assert.deepEqual(
      upstream.match(/server [^;]+;/g),
      ADS.map((address) => `server ${address} max_fails=1 fail_timeout=2s;`),
    );
    // A service with one server renders as it is, at its local default (infra/topology.ts).
    const auth = /upstream auth \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    assert.deepEqual(auth.match(/server [^;]+;/g), [`server ${upstreamAddress('auth', LOCAL_HOST)};`]);
    const check = spawnSync('nginx', ['-t', ...rendered.nginxArgs], { encoding: 'utf8' });
    assert.equal(check.status, 0, `nginx -t failed: ${check.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
