// Writes contracts/openapi/<service>.json from each service's compiled controllers and DTO
// classes (run `npm run build:services` first: the documents are read from decorator metadata,
// which only tsc emits). `--check` regenerates in memory and fails listing the stale documents.
import { createOpenApiDocument } from '@kinora/common';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const SERVICES = ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin'] as const;
export type ServiceName = (typeof SERVICES)[number];

const root = join(__dirname, '..', '..');
const outDir = join(root, 'contracts', 'openapi');

const DESCRIPTIONS: Record<ServiceName, string> = {
  auth: 'Sign-in by emailed code, sessions and the current user.',
  catalog: 'Films, creators, search, trending and view counting.',
  social: 'Follows, reviews, watchlists and critics.',
  ads: 'Advertising campaigns and their delivery.',
  analytics: 'Platform and creator statistics.',
  admin: 'Moderation, reports, the pre-launch waitlist and feedback, and the jobs view.',
};

interface AppModuleClass {
  forRoot(config: unknown): Parameters<typeof createOpenApiDocument>[0];
}
/** What a service's compiled app.module exports: its module and, optionally, the paths of routes a library registers on Fastify. */
interface AppModuleExports {
  AppModule: AppModuleClass;
  fastifyRoutePaths?: () => Parameters<typeof createOpenApiDocument>[2];
}

/** One service's document as committed: sorted keys, two-space JSON, final newline. */
export async function renderDocument(service: ServiceName): Promise<string> {
  const modulePath = join(root, 'services', service, 'dist', 'src', 'app.module.js');
  if (!existsSync(modulePath))
    throw new Error(`${relative(root, modulePath)} is missing: run npm run build:services`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { AppModule, fastifyRoutePaths } = require(modulePath) as AppModuleExports;
  // Preview mode builds no provider, so the configuration is never read; only its shape is passed.
  const document = await createOpenApiDocument(
    AppModule.forRoot({ PORT: 0 }),
    { title: `Kinora ${service}`, version: '1', description: DESCRIPTIONS[service] },
    fastifyRoutePaths?.(),
  );
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const service of SERVICES) {
    const file = join(outDir, `${service}.json`);
    const fresh = await renderDocument(service);
    const committed = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (committed === fresh) continue;
    if (check) {
      stale.push(relative(root, file));
    } else {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(file, fresh);
      console.log(`openapi: wrote ${relative(root, file)}`);
    }
  }
  if (stale.length > 0) {
    console.error(
      `openapi: stale documents (${stale.join(', ')}); run "npm run generate:openapi" and commit.`,
    );
    process.exit(1);
  }
  console.log(`openapi: ${SERVICES.length} documents ${check ? 'are up to date' : 'generated'}.`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
