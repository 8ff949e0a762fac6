/// <reference types="node" />
import type { Plugin } from 'vite';

/** The parts of Rollup's output bundle the plugin reads. */
type OutputBundle = Record<string, { type: 'chunk'; name: string } | { type: 'asset' }>;

/**
 * Announces in index.html (`<link rel="modulepreload">`) the chunks named `names`, so they download
 * beside the entry chunk rather than after it has run and asked for a screen. At low priority: the
 * entry chunk comes first, and the first paint waits for neither.
 */
export function preloadChunks(html: string, bundle: OutputBundle, names: readonly string[]): string {
  const links = Object.entries(bundle)
    .filter(([, output]) => output.type === 'chunk' && names.includes(output.name))
    .map(([file]) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
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
