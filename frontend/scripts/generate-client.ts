// Writes src/lib/api/schema.gen.ts, the SPA's API types, from the services' OpenAPI documents
// (contracts/openapi/<service>.json, written by `npm run generate:openapi`). The six documents are
// merged into one: their paths side by side, and their component schemas under one name when the
// services define them identically (ErrorResponseDto, MessageDto...); a name two services define
// differently is prefixed with the service (AuthMessageDto) and its references follow.
// `--check` regenerates in memory and fails naming the stale file, so a contract change that was
// not regenerated fails the tests.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

const SERVICES = ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin'] as const;
type ServiceName = (typeof SERVICES)[number];

const frontendDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(frontendDir, '..');
const documentsDir = join(root, 'contracts', 'openapi');
const OUTPUT = join(frontendDir, 'src', 'lib', 'api', 'schema.gen.ts');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with sorted keys, to compare two definitions regardless of key order. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key] as Json)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Rewrites `#/components/<kind>/<name>` references through `renames` (keyed by "kind/name"). */
function renameRefs(value: Json, renames: Map<string, string>): Json {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, renames));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/')) {
      const target = item.slice('#/components/'.length);
      const renamed = renames.get(target);
      out[key] = renamed ? `#/components/${renamed}` : item;
    } else {
      out[key] = renameRefs(item, renames);
    }
  }
  return out;
}

const capitalise = (name: string) => `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`;

/** The six documents as one: paths side by side, identical components shared. */
function mergeDocuments(documents: Record<ServiceName, JsonObject>): JsonObject {
  // First pass: which component names are defined differently by two services.
  const firstDefinition = new Map<string, string>();
  const clashing = new Set<string>();
  for (const service of SERVICES) {
    const components = documents[service].components;
    if (!isObject(components)) continue;
    for (const [kind, entries] of Object.entries(components)) {
      if (!isObject(entries)) continue;
      for (const [name, definition] of Object.entries(entries)) {
        const key = `${kind}/${name}`;
        const seen = firstDefinition.get(key);
        if (seen === undefined) firstDefinition.set(key, canonical(definition));
        else if (seen !== canonical(definition)) clashing.add(key);
      }
    }
  }

  const paths: JsonObject = {};
  const components: Record<string, JsonObject> = {};
  const operationIds = new Map<string, ServiceName>();
  for (const service of SERVICES) {
    const renames = new Map<string, string>();
    for (const key of clashing) {
      const [kind, name] = key.split('/') as [string, string];
      renames.set(key, `${kind}/${capitalise(service)}${name}`);
    }
    const document = renameRefs(documents[service], renames) as JsonObject;

    const serviceComponents = isObject(document.components) ? document.components : {};
    for (const [kind, entries] of Object.entries(serviceComponents)) {
      if (!isObject(entries)) continue;
      for (const [name, definition] of Object.entries(entries)) {
        const renamed = renames.get(`${kind}/${name}`)?.split('/')[1] ?? name;
        (components[kind] ??= {})[renamed] = definition;
      }
    }

    const servicePaths = isObject(document.paths) ? document.paths : {};
    for (const [path, item] of Object.entries(servicePaths)) {
      if (!isObject(item)) continue;
      const merged = (paths[path] ??= {}) as JsonObject;
      for (const [method, operation] of Object.entries(item)) {
        if (method in merged)
          throw new Error(
            `${method.toUpperCase()} ${path} is documented by two services (${service} and another)`,
          );
        const operationId = isObject(operation) ? operation.operationId : undefined;
        if (typeof operationId === 'string') {
          const owner = operationIds.get(operationId);
          if (owner) throw new Error(`operationId ${operationId} is used by ${owner} and ${service}`);
          operationIds.set(operationId, service);
        }
        merged[method] = operation;
      }
    }
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Kinora API: every service', version: '1' },
    paths,
    components,
  };
}

const HEADER = `${COMMENT_HEADER}// Generated from contracts/openapi/*.json by frontend/scripts/generate-client.ts:
// run \`npm run generate:client -w @kinora/frontend\` after \`npm run generate:openapi\`.

`;

async function renderClientTypes(): Promise<string> {
  const documents = {} as Record<ServiceName, JsonObject>;
  for (const service of SERVICES) {
    const file = join(documentsDir, `${service}.json`);
    if (!existsSync(file))
      throw new Error(`${relative(root, file)} is missing: run npm run generate:openapi`);
    documents[service] = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
  }
  const merged = mergeDocuments(documents) as unknown as OpenAPI3;
  // A default is what the server assumes when a field is left out: the field stays optional to send
  // (openapi-typescript would otherwise make it required, e.g. a campaign's caps in a PATCH).
  const ast = await openapiTS(merged, { silent: true, defaultNonNullable: false });
  return `${HEADER}${astToString(ast)}`;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const fresh = await renderClientTypes();
  const committed = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : undefined;
  const file = relative(root, OUTPUT);
  if (committed === fresh) {
    console.log(`api client: ${file} is up to date.`);
    return;
  }
  if (check) {
    console.error(`api client: stale ${file}; run "npm run generate:client -w @kinora/frontend" and commit.`);
    process.exit(1);
  }
  writeFileSync(OUTPUT, fresh);
  console.log(`api client: wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
