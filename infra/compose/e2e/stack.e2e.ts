/**
 * The compose stack as `make compose-test` brought it up (infra/compose/compose.sh): every container
 * running and healthy, the one-shot jobs done, and Node 24 in every Node image and process.
 * Run by compose.sh test (COMPOSE_PROJECT_NAME names the project).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { test } from 'node:test';

import { compose, containers } from '../docker';

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
  // The long-running ones: a one-shot job may end while it is looked at (its image is checked below).
  const running = containers().filter((c) => c.State === 'running' && !ONE_SHOT.test(c.Service));
  const onNode = new Set<string>();
  for (const container of running) {
    const version = spawnSync('docker', ['exec', container.Name, 'node', '-v'], { encoding: 'utf8' });
    if (version.status !== 0) continue; // no node in this image (nginx, PostgreSQL, Redis, Kafka)
    assert.match(version.stdout, /^v24\./, `${container.Name} runs ${version.stdout}`);
    onNode.add(container.Service);
  }
  for (const service of ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin', 'identity-marks']) {
    assert.ok(onNode.has(service), `${service} is not among the Node containers: ${[...onNode].join(', ')}`);
  }
  // The seeds' image, whose containers may have ended.
  const seed = execFileSync(
    'docker',
    ['run', '--rm', '--network', 'none', '--entrypoint', 'node', 'kinora/seed:local', '-v'],
    {
      encoding: 'utf8',
    },
  );
  assert.match(seed, /^v24\./, `kinora/seed:local runs ${seed}`);
});
