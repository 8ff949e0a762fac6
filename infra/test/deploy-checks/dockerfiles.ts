// The images' Dockerfiles: services/Dockerfile builds every service alike (its name, port and media
// tools as build arguments), multi-stage, production dependencies only, as node, with a HEALTHCHECK
// and OCI labels; no image carries the registry's CA; the build context leaves out local state.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mediaToolsOf, type ServiceName } from '../../topology';
import { composeDefault, composeEnv } from '../manifests/compose';
import { read, root, servicePackages } from '../manifests/files';
import { IDENTITY_MARKS_DOCKERFILE } from '../manifests/processes';
import type { ComposeFile } from '../manifests/shapes';
import { Problems } from '../problems';

const SERVICE_DOCKERFILE = 'services/Dockerfile';

/** Each service package built by compose from services/Dockerfile's service stage, with its arguments. */
export function checkServiceBuilds(compose: ComposeFile): string[] {
  const problems = new Problems();
  for (const name of servicePackages) {
    problems.ok(
      !existsSync(join(root, 'services', name, 'Dockerfile')),
      `services/${name}/Dockerfile: one Dockerfile builds every service (${SERVICE_DOCKERFILE})`,
    );
    const build = compose.services[name]?.build;
    if (typeof build !== 'object') {
      problems.add(`compose ${name}: no build`);
      continue;
    }
    problems.equal(build.context, '.', `compose ${name}: builds from the repository root`);
    problems.equal(build.dockerfile, SERVICE_DOCKERFILE, `compose ${name}: builds ${SERVICE_DOCKERFILE}`);
    problems.equal(build.target, 'service', `compose ${name}: builds the service stage`);
    problems.equal(build.args?.SERVICE, name, `compose ${name}: SERVICE`);
    problems.equal(
      build.args?.PORT,
      composeEnv(compose.services[name] ?? {}).PORT,
      `compose ${name}: the build's PORT is its PORT`,
    );
    problems.equal(
      Boolean(build.args?.MEDIA_TOOLS),
      mediaToolsOf(name as ServiceName),
      `compose ${name}: MEDIA_TOOLS (ffmpeg, for a service one of whose processes runs it)`,
    );
    problems.match(
      composeDefault(build.args?.NODE_IMAGE ?? ''),
      /^node:24-bookworm-slim$/,
      `compose ${name}: the official Node 24 image unless NODE_IMAGE says otherwise`,
    );
  }
  return problems.list;
}

export function checkServiceDockerfile(): string[] {
  const problems = new Problems();
  const expect = problems.matcher(read(SERVICE_DOCKERFILE), SERVICE_DOCKERFILE);
  expect(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m, 'the official Node 24 image');
  for (const arg of ['SERVICE', 'PORT', 'MEDIA_TOOLS'])
    expect(new RegExp(`^ARG ${arg}\\b`, 'm'), `ARG ${arg}`);
  expect(/npm ci --omit=dev /, 'prunes dev dependencies');
  expect(/tsc -b tsconfig\.build\.json/, 'compiles every service');
  expect(/^FROM base AS service$/m, 'a service stage');
  expect(/^USER node$/m, 'runs as node');
  expect(/HEALTHCHECK[^\n]*\n[^\n]*\/health\/live/, 'HEALTHCHECK');
  expect(/^EXPOSE \$\{PORT\}$/m, 'EXPOSE its port');
  expect(/CMD \["node", "dist\/src\/main\.js"\]/, 'CMD runs dist/src/main.js');
  for (const label of ['title', 'version', 'description', 'vendor'])
    expect(new RegExp(`org\\.opencontainers\\.image\\.${label}=`), `OCI label ${label}`);
  expect(/ffmpeg/, 'MEDIA_TOOLS installs ffmpeg');
  return problems.list;
}

/** npm reads the registry's CA from a build secret; no image copies one in. */
export function checkNoCaInImages(compose: ComposeFile): string[] {
  const problems = new Problems();
  for (const file of [SERVICE_DOCKERFILE, 'gateway/Dockerfile', IDENTITY_MARKS_DOCKERFILE]) {
    const text = read(file);
    const installs = [...text.matchAll(/^RUN [^\n]*(\\\n[^\n]*)*npm ci[^\n]*/gm)].map(([run]) => run);
    problems.ok(installs.length > 0, `${file}: no npm ci`);
    for (const run of installs)
      problems.match(run, /--mount=type=secret,id=npm-ca,target=\/run\/secrets\/npm-ca/, `${file}: ${run}`);
    problems.doesNotMatch(text, /^(COPY|ADD)[^\n]*(ca-certificates|\.crt|\.pem)/m, `${file}: copies a CA`);
  }
  problems.equal(
    composeDefault(compose.secrets?.['npm-ca']?.file ?? ''),
    '/dev/null',
    'compose secret npm-ca: no CA unless KINORA_BUILD_CA',
  );
  return problems.list;
}

export function checkDockerignore(): string[] {
  const problems = new Problems();
  const ignored = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim());
  for (const entry of ['**/node_modules', '**/dist', '.run', '.cache', '.git', 'frontend/dist']) {
    problems.ok(ignored.includes(entry), `.dockerignore: ${entry}`);
  }
  return problems.list;
}
