/// <reference types="node" />
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

import { initialChunkFiles, type OutputBundle } from './initial-chunks';

/** What a page loads before its first render ({@link initialChunkFiles}), gzipped. */
export const INITIAL_JS_BUDGET_BYTES = 200 * 1024;

/** The gzipped size of each chunk a page loads before its first render, largest first. */
export function initialChunks(bundle: OutputBundle): { file: string; gzipBytes: number }[] {
  return initialChunkFiles(bundle)
    .map((file) => {
      const chunk = bundle[file] as { code: string };
      return { file, gzipBytes: gzipSync(chunk.code, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Fails `vite build` when the initial JavaScript exceeds `budgetBytes` gzipped, naming the chunks;
 * prints the figure on every build.
 */
export function bundleBudget(budgetBytes = INITIAL_JS_BUDGET_BYTES): Plugin {
  return {
    name: 'kinora-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = initialChunks(bundle as unknown as OutputBundle);
      const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
      const list = chunks.map((chunk) => `${chunk.file} ${kb(chunk.gzipBytes)}`).join(', ');
      if (total > budgetBytes) {
        this.error(`initial JS is ${kb(total)} gzipped, over the budget of ${kb(budgetBytes)}: ${list}`);
      }
      this.info(`initial JS ${kb(total)} gzipped (budget ${kb(budgetBytes)}): ${list}`);
    },
  };
}
