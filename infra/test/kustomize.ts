import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** kubectl (KUBECTL overrides it), whose built-in kustomize renders the k8s/ trees. */
export const kubectl = (): string => process.env.KUBECTL ?? 'kubectl';

/** The objects `kubectl kustomize <root>/<dir>` renders, each YAML document parsed. */
export function renderKustomization<T>(root: string, dir: string): T[] {
  const out = execFileSync(kubectl(), ['kustomize', join(root, dir)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  return parseAllDocuments(out)
    .map((doc) => {
      assert.equal(doc.errors.length, 0, `${dir}: ${doc.errors.join('; ')}`);
      return doc.toJS() as T | null;
    })
    .filter((obj): obj is T => obj !== null);
}
