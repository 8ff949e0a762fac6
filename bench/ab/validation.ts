/**
 * What validating one request body costs: Nest's ValidationPipe as every service runs it
 * (class-transformer, then class-validator, whitelist and forbidNonWhitelisted) against ajv
 * compiling the same DTO's JSON schema from the generated OpenAPI document (what Fastify's schema
 * validation would run), for the hottest write, a viewing-session update. Single-threaded, in
 * this process: `node_modules/.bin/tsx bench/ab/validation.ts` (after `npm run build:services`).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createValidationPipe } from '@kinora/common';
import { findRepoRoot } from '../../gateway/render.js';

const ROOT = findRepoRoot();
// Fastify's own ajv (the one its route schemas compile with), not the older one hoisted to the root.
const fastifyAjv = createRequire(join(ROOT, 'node_modules', '@fastify', 'ajv-compiler', 'index.js'));
interface CompiledSchema {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
const Ajv = fastifyAjv(fastifyAjv.resolve('ajv')).default as new (options: object) => {
  addSchema(schema: object, key: string): void;
  compile(schema: object): CompiledSchema;
  errorsText(errors: unknown): string;
};
const addFormats = fastifyAjv(fastifyAjv.resolve('ajv-formats')) as (ajv: unknown) => void;
const require = createRequire(__filename);
const { UpdateViewingSessionDto } = require(
  join(ROOT, 'services', 'analytics', 'dist', 'src', 'sessions', 'dto', 'viewing-session.dto.js'),
) as { UpdateViewingSessionDto: new () => object };

const body = () => ({
  endPosition: 312.5,
  totalWatchTime: 300,
  pauseCount: 2,
  seekCount: 1,
  updatedAt: new Date().toISOString(),
  watchedRanges: [
    { start: 0, end: 120 },
    { start: 130, end: 312.5 },
  ],
  bitrateKbps: 2400,
});

const document = JSON.parse(readFileSync(join(ROOT, 'contracts', 'openapi', 'analytics.json'), 'utf8')) as {
  components: { schemas: Record<string, object> };
};
// Not strict: the document has OpenAPI keywords (nullable, example) that JSON Schema does not.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: 'analytics', components: document.components }, 'analytics');
const compiled = ajv.compile({
  $ref: 'analytics#/components/schemas/UpdateViewingSessionDto',
});
const pipe = createValidationPipe();
const metadata = { type: 'body' as const, metatype: UpdateViewingSessionDto, data: '' };

async function perCall(name: string, validate: () => Promise<unknown> | unknown): Promise<number> {
  const run = async (count: number) => {
    const started = process.cpuUsage();
    for (let i = 0; i < count; i++) await validate();
    const used = process.cpuUsage(started);
    return (used.user + used.system) / count;
  };
  await run(20_000);
  const rounds = [await run(50_000), await run(50_000), await run(50_000)].sort((a, b) => a - b);
  console.log(`${name.padEnd(44)} ${rounds[1]!.toFixed(2)} µs of CPU per body (median of 3 × 50,000)`);
  return rounds[1]!;
}

async function main(): Promise<void> {
  if (!compiled(body())) throw new Error(`ajv rejects the sample body: ${ajv.errorsText(compiled.errors)}`);
  await pipe.transform(body(), metadata);
  const classValidator = await perCall('ValidationPipe (class-transformer + class-validator)', () =>
    pipe.transform(body(), metadata),
  );
  const compiledSchema = await perCall('ajv, compiled from the OpenAPI schema', () => compiled(body()));
  const empty = await perCall('making the body alone', () => body());
  console.log(
    `class-validator costs ${(classValidator - empty).toFixed(1)} µs a body, ajv ${(compiledSchema - empty).toFixed(1)} µs`,
  );
}

void main();
