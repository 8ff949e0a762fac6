/**
 * The compose stack as `make compose-test` brought it up (infra/compose/compose.sh): every container
 * running and healthy, the one-shot jobs done, and Node 24 in every Node image and process.
 * Run by compose.sh test (COMPOSE_PROJECT_NAME names the project).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

import { compose, containers, nodeIn } from '../docker';

/** One-shot containers: done once they exited 0. */
const ONE_SHOT = /^(kafka-init|seed-.*)$/;

test('every container is running and healthy, and every one-shot job exited 0', () => {
  const all = containers();
  const running = new Set(all.map((c) => c.Service));
  for (const service of compose('config', '--services').trim().split('\n')) {
    assert.ok(running.has(service), `no container of ${service}`);
  }
  for (const container of all) {
    if (ONE_SHOT.test(container.Service)) {
      assert.ok(
        container.State === 'running' || (container.State === 'exited' && container.ExitCode === 0),
        `${container.Name}: ${container.State}, exit ${container.ExitCode}`,
      );
      continue;
    }
    assert.equal(container.State, 'running', `${container.Name}: ${container.State}`);
    assert.equal(container.Health, 'healthy', `${container.Name}: health "${container.Health}"`);
  }
});

test('Node 24 runs every Node process, and is the Node of every image that has one', () => {
  const running = containers().filter((c) => c.State === 'running');
  const images = new Set<string>();
  for (const container of running) {
    const image = execFileSync('docker', ['inspect', '-f', '{{.Config.Image}}', container.Name], {
      encoding: 'utf8',
    }).trim();
    const hasNode =
      execFileSync('docker', ['exec', container.Name, 'sh', '-c', 'command -v node || true'], {
        encoding: 'utf8',
      }).trim() !== '';
    if (!hasNode) continue;
    images.add(image);
    assert.match(nodeIn(container.Name, 'process.stdout.write(process.version)'), /^v24\./, container.Name);
  }
  for (const image of ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin', 'identity-marks', 'seed']) {
    const version = execFileSync(
      'docker',
      ['run', '--rm', '--network', 'none', '--entrypoint', 'node', `kinora/${image}:local`, '-v'],
      { encoding: 'utf8' },
    ).trim();
    assert.match(version, /^v24\./, `kinora/${image}:local runs ${version}`);
  }
  assert.ok(images.size >= 7, `Node processes found in ${images.size} images: ${[...images].join(', ')}`);
});
