// Reading the deployment files: the repository's own files, k8s/ as kustomize renders it or as its
// base's files are written, docker-compose.yml, the Dockerfiles' ENV and EXPOSE, the service packages.
// Asserts nothing of its own except that what it reads parses.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { ComposeFile, K8sObject } from './shapes';

export const root = resolve(__dirname, '..', '..', '..');

export const read = (path: string): string => readFileSync(join(root, path), 'utf8');
export const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

// ------------------------------------------------------------------ k8s

/** kubectl (KUBECTL overrides it), whose built-in kustomize renders the k8s/ trees. */
export const kubectl = (): string => process.env.KUBECTL ?? 'kubectl';

/** The objects `kubectl kustomize <dir>` renders (dir relative to the repository root). */
export function render(dir: string): K8sObject[] {
  const out = execFileSync(kubectl(), ['kustomize', join(root, dir)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  return parseAllDocuments(out)
    .map((doc) => {
      assert.equal(doc.errors.length, 0, `${dir}: ${doc.errors.join('; ')}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((obj): obj is K8sObject => obj !== null);
}

/** The base and the staging overlay, rendered: what the k8s checks read. */
export interface Renders {
  base: K8sObject[];
  staging: K8sObject[];
  /** Both, each with its directory. */
  both: [dir: string, objects: K8sObject[]][];
}
export const BASE = 'k8s/base';
export const STAGING = 'k8s/overlays/staging';
export function renderBoth(): Renders {
  const base = render(BASE);
  const staging = render(STAGING);
  return {
    base,
    staging,
    both: [
      [BASE, base],
      [STAGING, staging],
    ],
  };
}

/** A k8s object and the file it is written in. */
export interface Located {
  file: string;
  object: K8sObject;
}
/** k8s/base's objects as its files write them (not rendered: each keeps its file), kustomization.yaml left out. */
export function loadK8sBaseFiles(): Located[] {
  return readdirSync(join(root, BASE))
    .filter((name) => name.endsWith('.yaml') && name !== 'kustomization.yaml')
    .sort()
    .flatMap((name) =>
      parseAllDocuments(read(`${BASE}/${name}`))
        .map((doc) => doc.toJS() as K8sObject | null)
        .filter((object): object is K8sObject => !!object?.kind)
        .map((object) => ({ file: `${BASE}/${name}`, object })),
    );
}

// ------------------------------------------------------------------ compose, Dockerfiles, nginx

/** docker-compose.yml, YAML merge keys resolved. */
export const loadCompose = (): ComposeFile =>
  parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;

/** The NAME=value pairs of a Dockerfile's ENV instructions, continuation lines included. */
export function dockerfileEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, body] of text.replace(/\\\n/g, ' ').matchAll(/^ENV\s+(.*)$/gm)) {
    for (const [, key, value] of body.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
  }
  return env;
}
export const dockerfileExposes = (text: string): string[] =>
  [...text.matchAll(/^EXPOSE\s+(.+)$/gm)].flatMap(([, ports]) => ports.trim().split(/\s+/));

/** An nginx configuration without its comments. */
export const withoutNginxComments = (text: string): string => text.replace(/#[^\n]*/g, '');

/**
 * The upstream blocks of an nginx configuration, by name: the address of each one's first server
 * (`${AUTH_UPSTREAM}` where a placeholder names it). Comments are left out.
 */
export function nginxUpstreams(text: string): Map<string, string> {
  return new Map(
    [...withoutNginxComments(text).matchAll(/upstream\s+([\w.-]+)\s*\{[^}]*?server\s+([^;\s]+)/g)].map(
      ([, name, server]) => [name, server],
    ),
  );
}

// ------------------------------------------------------------------ services/

/** The service packages: services/<name>/package.json, services/common left out. */
export const servicePackages = sorted(
  readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'common')
    .filter((entry) => existsSync(join(root, 'services', entry.name, 'package.json')))
    .map((entry) => entry.name),
);
