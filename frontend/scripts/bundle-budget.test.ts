import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { bundleBudget, initialChunks } from './bundle-budget';

const chunk = (code: string, imports: string[] = [], isEntry = false) =>
  ({ type: 'chunk', name: 'chunk', isEntry, imports, code }) as const;

describe('the bundle budget', () => {
  const noise = (bytes: number) => randomBytes(bytes / 2).toString('hex');
  const bundle = {
    'index.js': chunk(noise(40_000), ['vendor.js', 'shared.js'], true),
    'vendor.js': chunk(noise(100_000), ['shared.js']),
    'shared.js': chunk(noise(20_000)),
    'lazy-route.js': chunk(noise(300_000), ['shared.js']),
    'index.css': { type: 'asset' },
  } as const;

  it('counts the entry and its static imports once each, not lazily loaded chunks', () => {
    const chunks = initialChunks(bundle);
    expect(chunks.map((c) => c.file)).toEqual(['vendor.js', 'index.js', 'shared.js']);
    const sizes = Object.fromEntries(chunks.map((c) => [c.file, c.gzipBytes]));
    expect(sizes['vendor.js']).toBe(gzipSync(bundle['vendor.js'].code, { level: 9 }).length);
    expect(sizes['index.js']).toBeGreaterThan(15_000); // hex text: about half its length gzipped
  });

  it("counts the app's entry, which index.html's entry imports once the shell has painted, with its imports", () => {
    const app = {
      'index.js': chunk('boot', ['helper.js'], true),
      'helper.js': chunk('helper'),
      'start.js': chunk('app', ['helper.js', 'vendor.js'], true),
      'vendor.js': chunk('vendor'),
      'lazy-route.js': chunk('route', ['vendor.js']),
    };
    expect(
      initialChunks(app)
        .map((c) => c.file)
        .sort(),
    ).toEqual(['helper.js', 'index.js', 'start.js', 'vendor.js']);
  });

  it('fails the build over the budget and passes it under', () => {
    const run = (budget: number) => {
      const messages: string[] = [];
      const context = {
        error: (message: string) => {
          throw new Error(message);
        },
        info: (message: string) => messages.push(message),
      };
      const hook = bundleBudget(budget).generateBundle as unknown as (
        this: typeof context,
        options: unknown,
        output: unknown,
      ) => void;
      hook.call(context, {}, bundle);
      return messages;
    };
    expect(() => run(60_000)).toThrow(
      /initial JS is 8\d\.\d KB gzipped, over the budget of 58\.6 KB: vendor\.js/,
    );
    expect(run(200 * 1024)[0]).toMatch(/^initial JS 8\d\.\d KB gzipped \(budget 200\.0 KB\)/);
  });
});
