/// <reference types="node" />
import type { Plugin } from 'vite';

import { initialChunkFiles, type OutputBundle } from './initial-chunks';

/**
 * Announces in index.html (`<link rel="modulepreload">`) the chunks the page needs soon that Vite
 * has not announced, so they download beside the entry chunk rather than after it has run and asked
 * for them: the app's chunks ({@link initialChunkFiles}; Vite announces index.html's entry and its
 * static imports, not the app's entry, which that entry imports once the app shell has painted),
 * then the chunks named `names`. At low priority: the stylesheet and the page's own images come
 * first, and the first paint waits for none of them.
 */
export function preloadChunks(html: string, bundle: OutputBundle, names: readonly string[]): string {
  const named = Object.entries(bundle).flatMap(([file, output]) =>
    output.type === 'chunk' && names.includes(output.name) ? [file] : [],
  );
  const files = [...new Set([...initialChunkFiles(bundle), ...named])].filter(
    (file) => !html.includes(`"/${file}"`),
  );
  const links = files.map(
    (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
  );
  return links.length === 0 ? html : html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** A build-only plugin applying {@link preloadChunks} to index.html. */
export function preloadChunksPlugin(names: readonly string[]): Plugin {
  return {
    name: 'kinora-preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) =>
        context.bundle ? preloadChunks(html, context.bundle as unknown as OutputBundle, names) : html,
    },
  };
}
