/**
 * The six committed OpenAPI documents (contracts/openapi/<service>.json) as the fuzzer reads them:
 * every operation with its parameters and request body, schemas with every `$ref` resolved.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SERVICES = ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const CONTRACTS_DIR = resolve(__dirname, '..', '..', 'contracts', 'openapi');

/** The JSON Schema keywords the documents use (see the unit test for the inventory). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  default?: unknown;
  example?: unknown;
  description?: string;
}

interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface RawOperation {
  operationId?: string;
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Parameter {
  name: string;
  required: boolean;
  /** With every `$ref` resolved. */
  schema: Schema;
}

export interface Operation {
  service: ServiceName;
  /** Upper case: GET, POST, PUT, PATCH, DELETE, HEAD. */
  method: string;
  /** As documented, with `{name}` placeholders. */
  path: string;
  /** "METHOD /path": how skips, weights and reports name an operation. */
  key: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  body?: {
    required: boolean;
    /** Every documented content type (JSON, images, tus' octet stream). */
    contentTypes: string[];
    /** The JSON body's schema, resolved; undefined for a body that is not JSON. */
    schema?: Schema;
  };
  /** Documented response statuses. */
  responses: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;

export function loadDocuments(dir = CONTRACTS_DIR): Record<ServiceName, OpenApiDocument> {
  return Object.fromEntries(
    SERVICES.map((service) => [
      service,
      JSON.parse(readFileSync(join(dir, `${service}.json`), 'utf8')) as OpenApiDocument,
    ]),
  ) as Record<ServiceName, OpenApiDocument>;
}

/**
 * `schema` with every `$ref` replaced by what it points at (inside `document`), recursively. A ref
 * that leads back to itself (none today) becomes an open object rather than looping.
 */
export function resolveSchema(document: OpenApiDocument, schema: Schema, seen: string[] = []): Schema {
  if (schema.$ref) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? document.components?.schemas?.[name] : undefined;
    if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`);
    if (seen.includes(schema.$ref)) return { type: 'object' };
    const { $ref: _ref, ...siblings } = schema;
    return { ...resolveSchema(document, target, [...seen, schema.$ref]), ...siblings };
  }
  const out: Schema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, resolveSchema(document, value, seen)]),
    );
  }
  if (schema.items) out.items = resolveSchema(document, schema.items, seen);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    if (schema[key]) out[key] = schema[key].map((part) => resolveSchema(document, part, seen));
  }
  return out;
}

/** Every operation of the six documents, in a fixed order (service, path, method). */
export function operations(documents = loadDocuments()): Operation[] {
  const all: Operation[] = [];
  for (const service of SERVICES) {
    const document = documents[service];
    for (const path of Object.keys(document.paths).sort()) {
      const item = document.paths[path]!;
      for (const method of METHODS) {
        const raw = item[method];
        if (!raw) continue;
        const params = (where: RawParameter['in']): Parameter[] =>
          (raw.parameters ?? [])
            .filter((parameter) => parameter.in === where)
            .map((parameter) => ({
              name: parameter.name,
              required: parameter.required ?? where === 'path',
              schema: resolveSchema(document, parameter.schema ?? {}),
            }));
        const content = raw.requestBody?.content ?? {};
        const json = content['application/json']?.schema;
        all.push({
          service,
          method: method.toUpperCase(),
          path,
          key: `${method.toUpperCase()} ${path}`,
          pathParams: params('path'),
          queryParams: params('query'),
          headerParams: params('header'),
          body: raw.requestBody
            ? {
                required: raw.requestBody.required ?? false,
                contentTypes: Object.keys(content),
                schema: json ? resolveSchema(document, json) : undefined,
              }
            : undefined,
          responses: Object.keys(raw.responses ?? {}),
        });
      }
    }
  }
  return all;
}
