#!/usr/bin/env node
// Runs a workspace's compiled tests (*.spec.js under the given dist dir) with node's test runner,
// one file at a time: integration specs start processes and share the machine's 2 cores.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? 'dist';
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
let files = [];
try {
  files = walk(root)
    .filter((file) => file.endsWith('.spec.js'))
    .sort();
} catch {
  console.error(`no ${root} directory: build first (npm run build:services)`);
  process.exit(1);
}
if (files.length === 0) {
  console.log(`no tests under ${root}`);
  process.exit(0);
}
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
