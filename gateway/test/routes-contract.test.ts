/**
 * The route table (gateway/routes.conf) against the services' OpenAPI documents
 * (contracts/openapi/*.json): every documented operation reaches the service that documents it,
 * and every location of the table has a documented operation behind it (or is the gateway's own).
 * Offline: parses the table and applies nginx's location matching rules to sample URIs.
 *
 *   node --import tsx --test gateway/test/routes-contract.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { DOCUMENTED_SERVICES, operationsOf, readDocuments } from '../docs.js';

const root = join(__dirname, '..', '..');

/** Locations the gateway answers itself (not proxied to a service). */
const GATEWAY_OWN = ['= /api/docs', '^~ /api/docs/'];

export interface Location {
  modifier: '' | '=' | '^~' | '~' | '~*';
  pattern: string;
  /** The upstream of its proxy_pass, if any. */
  upstream?: string;
  line: number;
  /** `if ($arg_<name> = <value>) { rewrite ^ <path> break; proxy_pass http://<upstream>; }` blocks. */
  branches: Branch[];
}

/** A request of the location whose query argument has a given value goes elsewhere. */
export interface Branch {
  arg: string;
  value: string;
  rewrite?: string;
  upstream?: string;
}

/** The locations of routes.conf, in file order. */
export function parseRoutes(text: string): Location[] {
  const locations: Location[] = [];
  const lines = text.split('\n');
  let current: Location | undefined;
  let branch: Branch | undefined;
  let depth = 0;
  lines.forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '');
    const start = /^\s*location\s+(=|\^~|~\*|~)?\s*(\S+)\s*\{/.exec(line);
    if (start && depth === 0) {
      current = {
        modifier: (start[1] ?? '') as Location['modifier'],
        pattern: start[2]!,
        line: index + 1,
        branches: [],
      };
      locations.push(current);
    }
    const condition = /^\s*if\s*\(\$arg_(\w+)\s*=\s*([^)\s]+)\s*\)\s*\{/.exec(line);
    if (condition && current && depth === 1) {
      branch = { arg: condition[1]!, value: condition[2]! };
      current.branches.push(branch);
    }
    const rewrite = /^\s*rewrite\s+\^\s+(\S+)\s+break;/.exec(line);
    if (rewrite && branch) branch.rewrite = rewrite[1];
    const upstream = /proxy_pass\s+http:\/\/([A-Za-z0-9_-]+)/.exec(line);
    if (upstream && branch) branch.upstream = upstream[1];
    else if (upstream && current) current.upstream = upstream[1];
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
    if (depth <= 1) branch = undefined;
    if (depth === 0) current = undefined;
  });
  return locations;
}

/** nginx's choice for a URI: exact, else the longest prefix if ^~, else the first regex, else that prefix. */
export function matchLocation(locations: Location[], uri: string): Location | undefined {
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return exact;
  const prefix = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length)[0];
  if (prefix?.modifier === '^~') return prefix;
  const regex = locations.find(
    (l) =>
      (l.modifier === '~' || l.modifier === '~*') &&
      new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(uri),
  );
  return regex ?? prefix;
}

const label = (l: Location) => `${l.modifier ? `${l.modifier} ` : ''}${l.pattern} (routes.conf:${l.line})`;

/** A URI for a documented path: each {param} filled with a value of its type. */
function sampleUri(
  path: string,
  parameters: { name: string; in: string; schema?: { type?: unknown } }[] = [],
) {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const param = parameters.find((p) => p.in === 'path' && p.name === name);
    return param?.schema?.type === 'integer' ? '12' : 'x1';
  });
}

describe('gateway/routes.conf against the OpenAPI documents', () => {
  const locations = parseRoutes(readFileSync(join(root, 'gateway', 'routes.conf'), 'utf8'));
  const documents = readDocuments(root);
  const operations = DOCUMENTED_SERVICES.flatMap((service) =>
    operationsOf(documents[service]).map(([method, path, operation]) => ({
      service,
      method,
      path,
      uri: sampleUri(path, operation.parameters),
    })),
  );

  test('the table parses: locations found, each proxies to a known service or is the gateway own', () => {
    assert.ok(locations.length > 5, `only ${locations.length} locations parsed`);
    for (const location of locations) {
      const key = `${location.modifier} ${location.pattern}`;
      if (GATEWAY_OWN.includes(key)) {
        assert.equal(location.upstream, undefined, `${label(location)} is the gateway's own`);
      } else {
        assert.ok(
          DOCUMENTED_SERVICES.includes(location.upstream as never),
          `${label(location)} proxies to ${location.upstream ?? 'nothing'}`,
        );
      }
    }
  });

  test('every documented operation is routed to the service that documents it', () => {
    assert.ok(operations.length > 0, 'no documented operations');
    const wrong = operations.flatMap(({ service, method, path, uri }) => {
      const location = matchLocation(locations, uri);
      if (!location) return [`${method} ${path} (${service}): no route`];
      if (location.upstream !== service) {
        return [
          `${method} ${path} (${service}): routed to ${location.upstream ?? 'the gateway'} by ${label(location)}`,
        ];
      }
      return [];
    });
    assert.deepEqual(wrong, []);
  });

  test('every routed path has a documented operation behind it', () => {
    const idle = locations.filter((location) => {
      if (GATEWAY_OWN.includes(`${location.modifier} ${location.pattern}`)) return false;
      return !operations.some(({ uri }) => matchLocation(locations, uri) === location);
    });
    assert.deepEqual(idle.map(label), [], 'locations no documented operation reaches');
  });

  test('a query-argument branch rewrites to a GET its upstream documents, taking that argument', () => {
    const branches = locations.flatMap((location) =>
      location.branches.map((branch) => ({ location, branch })),
    );
    assert.ok(branches.length > 0, 'no branches parsed');
    for (const { location, branch } of branches) {
      const where = `${label(location)} if $arg_${branch.arg} = ${branch.value}`;
      assert.ok(branch.upstream && branch.rewrite, `${where}: needs a rewrite and a proxy_pass`);
      const target = operations.find(
        (op) => op.service === branch.upstream && op.method === 'GET' && op.path === branch.rewrite,
      );
      assert.ok(target, `${where}: ${branch.upstream} documents no GET ${branch.rewrite}`);
      const parameters = (
        documents[target.service].paths?.[target.path]?.get as {
          parameters?: { name: string; in: string; schema?: { enum?: unknown[] } }[];
        }
      ).parameters;
      const arg = parameters?.find((p) => p.in === 'query' && p.name === branch.arg);
      assert.ok(arg, `${where}: GET ${branch.rewrite} takes no ${branch.arg} query parameter`);
      assert.ok(
        !arg.schema?.enum || arg.schema.enum.includes(branch.value),
        `${where}: ${branch.value} refused`,
      );
    }
    const creators = matchLocation(locations, '/api/creators');
    assert.equal(creators?.upstream, 'catalog');
    assert.deepEqual(
      creators?.branches.map((b) => [b.arg, b.value, b.upstream, b.rewrite]),
      [['type', 'critic', 'social', '/api/critics']],
    );
  });

  test('the matcher follows nginx: exact, ^~ prefix, first regex, then the longest prefix', () => {
    const sample = parseRoutes(`
location = /api/a { proxy_pass http://auth; }
location ^~ /api/b/ { proxy_pass http://ads; }
location ~ ^/api/b/x$ { proxy_pass http://social; }
location /api/c/ { proxy_pass http://admin; }
location ~ ^/api/c/x$ { proxy_pass http://catalog; }
location ~ ^/api/c/ { proxy_pass http://analytics; }
`);
    const upstream = (uri: string) => matchLocation(sample, uri)?.upstream;
    assert.equal(upstream('/api/a'), 'auth');
    assert.equal(upstream('/api/a/'), undefined);
    assert.equal(upstream('/api/b/x'), 'ads');
    assert.equal(upstream('/api/c/x'), 'catalog');
    assert.equal(upstream('/api/c/y'), 'analytics');
  });
});
