/**
 * Builds the gateway's API docs tree, served at /api/docs: Swagger UI over the six services'
 * OpenAPI documents (contracts/openapi/*.json), and an index page that also lists every operation
 * with its response schema as plain HTML, so the page reads without JavaScript (curl, screen readers).
 *
 *   npx tsx gateway/docs.ts --out <dir>
 *
 * render.ts writes it into the nginx prefix (local mode and the gateway tests); the Docker image
 * runs this script at build time. Swagger UI's files come from the swagger-ui-dist package.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The services, in the order the docs list them; each documents its own API. */
export const DOCUMENTED_SERVICES = ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin'] as const;
export type DocumentedService = (typeof DOCUMENTED_SERVICES)[number];

/** The URL prefix the gateway serves this tree under (gateway/routes.conf). */
export const DOCS_PATH = '/api/docs';

const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
}

interface Operation {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApiDocument {
  info?: { title?: string; description?: string };
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Each service's committed document. */
export function readDocuments(repoRoot: string): Record<DocumentedService, OpenApiDocument> {
  return Object.fromEntries(
    DOCUMENTED_SERVICES.map((service) => {
      const file = join(repoRoot, 'contracts', 'openapi', `${service}.json`);
      return [service, JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument];
    }),
  ) as Record<DocumentedService, OpenApiDocument>;
}

/** Every operation of a document as [METHOD, path, operation], in path order. */
export function operationsOf(document: OpenApiDocument): [string, string, Operation][] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map(
      (method) => [method.toUpperCase(), path, item[method] as Operation] as [string, string, Operation],
    ),
  );
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A schema in one line: FilmDto, FilmDto[], string | null, "featured" | "newest", … */
export function typeText(schema: Schema | undefined): string {
  if (!schema) return 'empty';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.allOf?.length === 1) return typeText(schema.allOf[0]);
  if (schema.oneOf) return schema.oneOf.map(typeText).join(' | ');
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  return types
    .map((type) => {
      if (type === 'array') return `${typeText(schema.items)}[]`;
      return schema.format && type !== 'null' ? `${type} (${schema.format})` : type;
    })
    .join(' | ');
}

/** The fields of an object schema (following one $ref), as "name: type" items. */
function fieldsHtml(schema: Schema | undefined, document: OpenApiDocument): string {
  let target = schema;
  if (target?.type === 'array') target = target.items;
  if (target?.$ref) target = document.components?.schemas?.[refName(target.$ref)];
  if (!target?.properties) return '';
  const required = new Set(target.required ?? []);
  const items = Object.entries(target.properties).map(
    ([name, field]) =>
      `<li><code>${escape(name)}${required.has(name) ? '' : '?'}: ${escape(typeText(field))}</code></li>`,
  );
  return `<ul class="fields">${items.join('')}</ul>`;
}

function operationHtml(
  method: string,
  path: string,
  operation: Operation,
  document: OpenApiDocument,
): string {
  const params = (operation.parameters ?? []).map(
    (p) => `${p.name}${p.required ? '' : '?'} (${p.in}): ${typeText(p.schema)}`,
  );
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const schema = response.content?.['application/json']?.schema;
    const fields = status.startsWith('2') ? fieldsHtml(schema, document) : '';
    const what = schema ? typeText(schema) : response.description || 'no body';
    return `<li>${escape(status)} <code>${escape(what)}</code>${fields}</li>`;
  });
  return [
    `<li class="operation"><code class="method">${method}</code> <code class="path">${escape(path)}</code>`,
    operation.summary ? ` — ${escape(operation.summary)}` : '',
    params.length ? `<div>Parameters: <code>${escape(params.join(', '))}</code></div>` : '',
    body ? `<div>Body: <code>${escape(typeText(body))}</code>${fieldsHtml(body, document)}</div>` : '',
    `<div>Responses:<ul>${responses.join('')}</ul></div></li>`,
  ].join('');
}

/** The plain-HTML list of every service's operations and schemas. */
export function operationListHtml(documents: Record<DocumentedService, OpenApiDocument>): string {
  return DOCUMENTED_SERVICES.map((service) => {
    const document = documents[service];
    const operations = operationsOf(document);
    const list = operations.length
      ? `<ul>${operations.map(([method, path, op]) => operationHtml(method, path, op, document)).join('\n')}</ul>`
      : '<p>No public operations yet.</p>';
    const schemas = Object.entries(document.components?.schemas ?? {}).map(
      ([name, schema]) =>
        `<li><code>${escape(name)}</code>: ${escape(typeText({ ...schema, $ref: undefined }))}${fieldsHtml(schema, document)}</li>`,
    );
    return [
      `<section id="service-${service}"><h2>${service}</h2>`,
      `<p>${escape(document.info?.description ?? '')} Document: <a href="${DOCS_PATH}/openapi/${service}.json">${service}.json</a></p>`,
      list,
      schemas.length ? `<details><summary>Schemas</summary><ul>${schemas.join('\n')}</ul></details>` : '',
      '</section>',
    ].join('\n');
  }).join('\n');
}

function indexHtml(documents: Record<DocumentedService, OpenApiDocument>): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kinora API</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_PATH}/kinora-docs.css">
</head>
<body>
<div id="swagger-ui"></div>
<main id="operations">
<h1>Kinora API: every operation</h1>
<p>Each service's OpenAPI 3.1 document, generated from its controllers (contracts/openapi). Calls go through this gateway under /api.</p>
${operationListHtml(documents)}
</main>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
<script src="${DOCS_PATH}/kinora-docs.js"></script>
</body>
</html>
`;
}

/** Swagger UI's start-up, a file of its own: the gateway's CSP allows no inline script. */
function initializerJs(): string {
  const urls = DOCUMENTED_SERVICES.map((service) => ({
    url: `${DOCS_PATH}/openapi/${service}.json`,
    name: service,
  }));
  return `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    urls: ${JSON.stringify(urls)},
    'urls.primaryName': 'catalog',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
});
`;
}

const CSS = `#operations { font-family: sans-serif; max-width: 1100px; margin: 2rem auto; padding: 0 1rem; }
#operations .operation { margin: 0.75rem 0; }
#operations .method { font-weight: bold; }
#operations ul.fields { margin: 0.25rem 0; }
`;

function swaggerUiDir(repoRoot: string): string {
  const dir = join(repoRoot, 'node_modules', 'swagger-ui-dist');
  if (!existsSync(join(dir, 'swagger-ui-bundle.js'))) {
    throw new Error(`${dir} is missing: run npm ci`);
  }
  return dir;
}

/** Writes the docs tree (index.html, Swagger UI, the six documents) into outDir. */
export function writeDocs(repoRoot: string, outDir: string): void {
  const documents = readDocuments(repoRoot);
  const swaggerUi = swaggerUiDir(repoRoot);
  mkdirSync(join(outDir, 'openapi'), { recursive: true });
  for (const file of SWAGGER_UI_FILES) copyFileSync(join(swaggerUi, file), join(outDir, file));
  for (const service of DOCUMENTED_SERVICES) {
    copyFileSync(
      join(repoRoot, 'contracts', 'openapi', `${service}.json`),
      join(outDir, 'openapi', `${service}.json`),
    );
  }
  writeFileSync(join(outDir, 'index.html'), indexHtml(documents));
  writeFileSync(join(outDir, 'kinora-docs.js'), initializerJs());
  writeFileSync(join(outDir, 'kinora-docs.css'), CSS);
}

if (/[\\/]docs\.ts$/.test(process.argv[1] ?? '')) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? process.argv[at + 1] : undefined;
  if (!out) {
    console.error('Usage: docs.ts --out <dir>');
    process.exit(1);
  }
  writeDocs(join(__dirname, '..'), out);
  console.log(`API docs written to ${out}`);
}
