/** The parts of Rollup's output bundle the build's plugins read. */
export type OutputChunk = {
  type: 'chunk';
  name: string;
  isEntry: boolean;
  imports: string[];
  code: string;
};
export type OutputBundle = Record<string, OutputChunk | { type: 'asset' }>;

/**
 * The chunks a page loads before its first render: every entry with its static imports, not the
 * screens the app loads lazily. The build has two entries: index.html's, which only boots, and the
 * app's, which the first imports once the app shell has painted (src/main.tsx).
 */
export function initialChunkFiles(bundle: OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || chunk?.type !== 'chunk') return;
    seen.add(file);
    chunk.imports.forEach(visit);
  };
  for (const [file, output] of Object.entries(bundle)) {
    if (output.type === 'chunk' && output.isEntry) visit(file);
  }
  return [...seen];
}
