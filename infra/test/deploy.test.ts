// Static checks of Kinora's compose deployment: docker-compose.yml, the service Dockerfiles and the
// gateway images. Offline and engine-free (the k8s trees are checked by k8s.test.ts):
//   (a) services/, docker-compose.yml and the gateway route table name the same services; the
//       workers run where the architecture puts them;
//   (b) docker-compose.yml parses and its builds, dependencies, networks and volumes resolve;
//   (c) the Dockerfiles build every service alike;
//   (d) signed session cookies: auth and the gateway take the signing keys from one value, and an
//       identity-marks process runs beside the gateway sharing its marks directory; the images carry
//       what nginx.conf and gateway/identity-marks.ts need;
//   (e) `docker compose config -q`, when a compose CLI is available (skipped otherwise).
//
//   node --import tsx --test infra/test/deploy.test.ts
// KINORA_ROUTES_CONF overrides the route table's path (default gateway/routes.conf).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import {
  composeApps as appsOf,
  composeBuildPackage,
  composeCommand,
  composeEnv,
  composeServices as servicesOf,
  composeWorkers as workersOf,
  dockerfileEnv,
  EXTRA_ENV,
  IDENTITY_MARKS,
  IDENTITY_MARKS_DOCKERFILE,
  loadCompose,
  MEDIA_READERS,
  MEDIA_WRITERS,
  read,
  root,
  SERVICE_ENV,
  servicePackages,
  sorted,
  STUDIO_USERS,
  WORKERS,
  type ComposeFile,
  type ComposeService,
} from './manifests';
import { GATEWAY_CONF_FILES, GATEWAY_VAR_NAMES } from '../../gateway/render';

// ------------------------------------------------------------------ compose helpers

function dependsOn(service: ComposeService): Record<string, string | undefined> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, undefined]));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep?.condition]));
}

function names(value: string[] | Record<string, unknown> | undefined): string[] {
  if (!value) return [];
  return Array.isArray(value) ? value : Object.keys(value);
}

/** A compose value as compose runs it when the variable is unset: `${NAME:-default}` → default. */
function composeDefault(value: string): string {
  return value.replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_match, fallback?: string) => fallback ?? '');
}

interface ComposeMount {
  source: string;
  target: string;
  readOnly: boolean;
  nocopy: boolean;
}
function composeMounts(service: ComposeService): ComposeMount[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume === 'string') {
      const [source, target, mode = ''] = volume.split(':');
      return { source, target, readOnly: mode.split(',').includes('ro'), nocopy: false };
    }
    return {
      source: volume.source ?? '',
      target: volume.target ?? '',
      readOnly: volume.read_only === true,
      nocopy: volume.volume?.nocopy === true,
    };
  });
}

function nginxStrip(text: string): string {
  return text.replace(/#[^\n]*/g, '');
}

// ------------------------------------------------------------------ the repository's own facts

/** Compose services allowed to publish ports on the host, and which. */
const PUBLISHED: Record<string, string[]> = { gateway: ['8080'], maildev: ['1080'], jaeger: ['16686'] };

/** The services whose image carries ffmpeg: catalog's media pipeline, auth's avatars. */
const MEDIA_TOOLS = ['auth', 'catalog'];

/** Refused by auth in production; the deployments must never fall back to it. */
const AUTH_DEV_SIGNING_KEY = 'kinora-development-session-signing-key-change-me';

// ------------------------------------------------------------------ tests

describe('deployment descriptions: compose and the Dockerfiles', () => {
  let compose: ComposeFile;

  before(() => {
    compose = loadCompose();
  });

  const composeServices = () => servicesOf(compose);
  const composeApps = () => appsOf(compose);
  const composeWorkers = () => workersOf(compose);

  // ---------------------------------------------------------------- (a)
  describe('consistency: services/, compose and the gateway agree', () => {
    it('finds the service packages', () => {
      assert.ok(servicePackages.length >= 6, `services/: ${servicePackages.join(', ')}`);
    });

    it('compose runs exactly the service packages', () => {
      assert.deepEqual(sorted(composeApps().map(([name]) => name)), servicePackages);
    });

    it('the gateway route table proxies only to service packages, each a defined upstream', () => {
      const routesPath = process.env.KINORA_ROUTES_CONF ?? join(root, 'gateway', 'routes.conf');
      assert.ok(existsSync(routesPath), `${routesPath} does not exist (the gateway route table)`);
      const routes = nginxStrip(readFileSync(routesPath, 'utf8'));
      const targets = sorted(
        [...routes.matchAll(/proxy_pass\s+https?:\/\/([A-Za-z0-9_.-]+)/g)].map((m) => m[1]),
      );
      // A service without public operations yet has no route (gateway/test/routes-contract.test.ts).
      assert.deepEqual(
        targets.filter((target) => !servicePackages.includes(target)),
        [],
        `${routesPath}: proxy_pass targets that are not services`,
      );

      // Upstream blocks (in any gateway/*.conf / *.template) name their address by a placeholder
      // like ${AUTH_UPSTREAM}, which compose and k8s must set for the gateway.
      const gatewayDir = join(root, 'gateway');
      const upstreams = new Map<string, string>();
      for (const file of readdirSync(gatewayDir).filter((f) => /\.(conf|template)$/.test(f))) {
        const text = nginxStrip(readFileSync(join(gatewayDir, file), 'utf8'));
        for (const [, name, server] of text.matchAll(/upstream\s+([\w.-]+)\s*\{[^;]*?server\s+([^;\s]+)/g)) {
          upstreams.set(name, /^\$\{(\w+)\}/.exec(server)?.[1] ?? server);
        }
      }
      if (upstreams.size === 0) return; // upstream names resolve through DNS directly
      for (const target of targets) {
        assert.ok(upstreams.has(target), `gateway: proxy_pass http://${target} has no upstream block`);
        assert.equal(
          upstreams.get(target),
          `${target.toUpperCase()}_UPSTREAM`,
          `upstream ${target} address variable`,
        );
      }
    });

    it('the gateway gets <SERVICE>_UPSTREAM = <service>:<PORT> and MEDIA_ROOT', () => {
      const gatewayEnv = composeEnv(compose.services.gateway ?? {});
      for (const name of servicePackages) {
        const port = composeEnv(compose.services[name] ?? {}).PORT;
        assert.equal(
          gatewayEnv[`${name.toUpperCase()}_UPSTREAM`],
          `${name}:${port}`,
          `compose gateway -> ${name}`,
        );
      }
      assert.equal(gatewayEnv.MEDIA_ROOT, '/media');
    });

    it('workers run worker.js of a service package that has src/worker.ts, from its image', () => {
      const composeWorkerNames = sorted(composeWorkers().map(([name]) => name));
      assert.deepEqual(composeWorkerNames, sorted(WORKERS), 'compose workers');
      for (const [name, service] of composeWorkers()) {
        const pkg = composeBuildPackage(service);
        assert.ok(pkg && servicePackages.includes(pkg), `compose ${name}: builds no service package`);
        assert.equal(name, `${pkg}-worker`, `compose ${name}: named after its package`);
        assert.match(composeCommand(service), /dist\/src\/worker\.js/, `compose ${name}: command`);
        assert.ok(
          existsSync(join(root, 'services', pkg, 'src', 'worker.ts')),
          `services/${pkg}/src/worker.ts is missing`,
        );
        assert.equal(service.image, compose.services[pkg]?.image, `compose ${name}: same image as ${pkg}`);
      }
    });
  });

  // ---------------------------------------------------------------- (b)
  describe('docker-compose.yml', () => {
    it('parses, and every build points at an existing Dockerfile', () => {
      assert.ok(compose.services && Object.keys(compose.services).length > 0);
      for (const [name, service] of composeServices()) {
        assert.ok(service.image || service.build, `${name}: neither image nor build`);
        if (!service.build) continue;
        const context = typeof service.build === 'string' ? service.build : (service.build.context ?? '.');
        const dockerfile =
          typeof service.build === 'string' ? 'Dockerfile' : (service.build.dockerfile ?? 'Dockerfile');
        assert.ok(
          existsSync(join(root, context, dockerfile)),
          `${name}: ${join(context, dockerfile)} does not exist`,
        );
      }
    });

    it('gives every long-running container a healthcheck', () => {
      // kafka-init and the seeds are one-shot jobs; the collector image is distroless (nothing to probe with).
      const exempt = ['kafka-init', 'otel-collector'];
      for (const [name, service] of composeServices()) {
        if (exempt.includes(name) || service.profiles?.includes('seed')) continue;
        const build = typeof service.build === 'object' ? service.build.dockerfile : undefined;
        if (build && /^HEALTHCHECK /m.test(read(build))) continue;
        assert.ok(
          service.healthcheck?.test && !service.healthcheck.disable,
          `compose ${name}: no healthcheck`,
        );
      }
    });

    it('resolves every depends_on, network and named volume', () => {
      const networks = Object.keys(compose.networks ?? {});
      const volumes = Object.keys(compose.volumes ?? {});
      const conditions = ['service_started', 'service_healthy', 'service_completed_successfully', undefined];
      for (const [name, service] of composeServices()) {
        for (const [target, condition] of Object.entries(dependsOn(service))) {
          assert.ok(compose.services[target], `${name}: depends_on ${target}, which does not exist`);
          assert.ok(conditions.includes(condition), `${name}: depends_on ${target}: condition ${condition}`);
          if (condition === 'service_healthy') {
            const healthcheck = compose.services[target].healthcheck;
            assert.ok(
              healthcheck?.test && !healthcheck.disable,
              `${name} waits for ${target} to be healthy: no healthcheck`,
            );
          }
        }
        for (const network of names(service.networks))
          assert.ok(networks.includes(network), `${name}: network ${network}`);
        for (const volume of service.volumes ?? []) {
          const source = typeof volume === 'string' ? volume.split(':')[0] : (volume.source ?? '');
          if (source.startsWith('.') || source.startsWith('/')) {
            assert.ok(existsSync(join(root, source)), `${name}: bind mount ${source} does not exist`);
          } else {
            assert.ok(volumes.includes(source), `${name}: named volume ${source} is not declared`);
          }
        }
      }
    });

    it('publishes only the gateway, the maildev UI and the Jaeger UI, on 127.0.0.1; services stay on the internal network', () => {
      for (const [name, service] of composeServices()) {
        const ports = (service.ports ?? []).map((port) =>
          typeof port === 'string' ? composeDefault(port).split(':') : [port.host_ip, String(port.published)],
        );
        assert.deepEqual(
          ports.map((parts) => parts.at(-2)),
          PUBLISHED[name] ?? [],
          `${name}: published ports`,
        );
        for (const parts of ports) assert.equal(parts[0], '127.0.0.1', `${name}: bound to 127.0.0.1 only`);
      }
      const internal = Object.entries(compose.networks ?? {}).filter(
        ([, network]) => network?.internal === true,
      );
      assert.ok(internal.length > 0, 'no internal network');
      for (const [name] of [...composeApps(), ...composeWorkers()]) {
        const networks = names(compose.services[name].networks);
        assert.ok(networks.length > 0, `${name}: on the default (non-internal) network`);
        for (const network of networks) {
          assert.equal(
            compose.networks?.[network]?.internal,
            true,
            `${name}: on non-internal network ${network}`,
          );
        }
      }
    });

    it('configures each service and worker: env, migrations, healthcheck, dependencies, media', () => {
      for (const [name, service] of [...composeApps(), ...composeWorkers()]) {
        const env = composeEnv(service);
        for (const variable of [...SERVICE_ENV, ...(EXTRA_ENV[name] ?? [])]) {
          assert.ok(variable in env, `compose ${name}: env ${variable} is not set`);
        }
        const pkg = composeBuildPackage(service) ?? '';
        assert.match(env.DATABASE_URL, new RegExp(`/kinora_${pkg}$`), `compose ${name}: its own database`);
        assert.ok(service.healthcheck?.test && !service.healthcheck.disable, `compose ${name}: healthcheck`);
        const deps = dependsOn(service);
        assert.equal(deps.postgres, 'service_healthy', `compose ${name}: waits for postgres`);
        assert.equal(deps.redis, 'service_healthy', `compose ${name}: waits for redis`);
        assert.equal(
          deps['kafka-init'],
          'service_completed_successfully',
          `compose ${name}: waits for the topics`,
        );
        const mountsMedia = (service.volumes ?? []).some(
          (v) => typeof v === 'string' && v.startsWith('media:'),
        );
        assert.equal(
          mountsMedia,
          MEDIA_WRITERS.includes(name) || MEDIA_READERS.includes(name),
          `compose ${name}: media volume`,
        );
        if (MEDIA_READERS.includes(name))
          assert.ok(service.volumes?.includes('media:/media:ro'), `compose ${name}: media read-only`);
        const mountsStudio = (service.volumes ?? []).includes('studio:/studio');
        assert.equal(mountsStudio, STUDIO_USERS.includes(name), `compose ${name}: studio volume`);
      }
      for (const [name, service] of composeApps()) {
        assert.match(
          composeCommand(service),
          /dist\/src\/migrate\.js && exec node dist\/src\/main\.js/,
          `${name}: command`,
        );
      }
      const ports = composeApps().map(([, service]) => composeEnv(service).PORT);
      assert.equal(new Set(ports).size, ports.length, 'service ports are distinct');
      assert.deepEqual(
        composeMounts(compose.services.gateway ?? {})
          .filter((mount) => mount.source !== IDENTITY_MARKS)
          .map((mount) => `${mount.source}:${mount.target}:${mount.readOnly ? 'ro' : 'rw'}`),
        ['media:/media:ro'],
        'gateway mounts media read-only (and, besides, only its identity marks)',
      );
      assert.ok(dependsOn(compose.services['kafka-init'] ?? {}).kafka, 'kafka-init waits for kafka');
      const sql = read('infra/compose/postgres-init.sql');
      for (const name of servicePackages) {
        assert.match(sql, new RegExp(`CREATE DATABASE kinora_${name};`), `postgres-init.sql: kinora_${name}`);
      }
    });
  });

  // ---------------------------------------------------------------- (c)
  describe('Dockerfiles', () => {
    const dockerfile = read('services/Dockerfile');
    const port = (name: string) => composeEnv(compose.services[name] ?? {}).PORT;

    it('builds every service from services/Dockerfile: its name, port and media tools as arguments', () => {
      for (const name of servicePackages) {
        assert.ok(
          !existsSync(join(root, 'services', name, 'Dockerfile')),
          `services/${name}/Dockerfile: one Dockerfile builds every service (services/Dockerfile)`,
        );
        const build = compose.services[name]?.build;
        assert.ok(typeof build === 'object', `compose ${name}: no build`);
        assert.equal(build.context, '.', `compose ${name}: builds from the repository root`);
        assert.equal(build.dockerfile, 'services/Dockerfile', `compose ${name}: builds services/Dockerfile`);
        assert.equal(build.target, 'service', `compose ${name}: builds the service stage`);
        assert.equal(build.args?.SERVICE, name, `compose ${name}: SERVICE`);
        assert.equal(build.args?.PORT, port(name), `compose ${name}: the build's PORT is its PORT`);
        assert.equal(
          Boolean(build.args?.MEDIA_TOOLS),
          MEDIA_TOOLS.includes(name),
          `compose ${name}: MEDIA_TOOLS`,
        );
        assert.match(
          composeDefault(build.args?.NODE_IMAGE ?? ''),
          /^node:24-bookworm-slim$/,
          `compose ${name}: the official Node 24 image unless NODE_IMAGE says otherwise`,
        );
      }
    });

    it('is multi-stage: production dependencies only, a non-root user, a HEALTHCHECK and OCI labels', () => {
      assert.match(dockerfile, /^ARG NODE_IMAGE=node:24-bookworm-slim$/m, 'the official Node 24 image');
      for (const arg of ['SERVICE', 'PORT', 'MEDIA_TOOLS'])
        assert.match(dockerfile, new RegExp(`^ARG ${arg}\\b`, 'm'));
      assert.match(dockerfile, /npm ci --omit=dev /, 'prunes dev dependencies');
      assert.match(dockerfile, /tsc -b tsconfig\.build\.json/, 'compiles every service');
      assert.match(dockerfile, /^FROM base AS service$/m, 'a service stage');
      assert.match(dockerfile, /^USER node$/m, 'runs as node');
      assert.match(dockerfile, /HEALTHCHECK[^\n]*\n[^\n]*\/health\/live/, 'HEALTHCHECK');
      assert.match(dockerfile, /^EXPOSE \$\{PORT\}$/m, 'EXPOSE its port');
      assert.match(dockerfile, /CMD \["node", "dist\/src\/main\.js"\]/);
      for (const label of ['title', 'version', 'description', 'vendor'])
        assert.match(
          dockerfile,
          new RegExp(`org\\.opencontainers\\.image\\.${label}=`),
          `OCI label ${label}`,
        );
      assert.match(dockerfile, /ffmpeg/, 'MEDIA_TOOLS installs ffmpeg');
    });

    it("never writes the registry's CA into an image: npm reads it from a build secret", () => {
      for (const file of ['services/Dockerfile', 'gateway/Dockerfile', IDENTITY_MARKS_DOCKERFILE]) {
        const text = read(file);
        const installs = [...text.matchAll(/^RUN [^\n]*(\\\n[^\n]*)*npm ci[^\n]*/gm)].map(([run]) => run);
        assert.ok(installs.length > 0, `${file}: no npm ci`);
        for (const run of installs)
          assert.match(run, /--mount=type=secret,id=npm-ca,target=\/run\/secrets\/npm-ca/, `${file}: ${run}`);
        assert.doesNotMatch(text, /^(COPY|ADD)[^\n]*(ca-certificates|\.crt|\.pem)/m, `${file}: copies a CA`);
      }
      assert.equal(
        composeDefault(compose.secrets?.['npm-ca']?.file ?? ''),
        '/dev/null',
        'no CA unless KINORA_BUILD_CA',
      );
    });

    it('keeps node_modules, build output and local state out of the build context', () => {
      const ignored = read('.dockerignore')
        .split('\n')
        .map((l) => l.trim());
      for (const entry of ['**/node_modules', '**/dist', '.run', '.cache', '.git', 'frontend/dist']) {
        assert.ok(ignored.includes(entry), `.dockerignore: ${entry}`);
      }
    });
  });

  // ---------------------------------------------------------------- (d)
  describe('signed session cookies: signing keys and the identity-marks sidecar', () => {
    it('compose: auth and the gateway take the signing keys from one value; auth has AUTH_SECRET and the TTL', () => {
      const auth = composeEnv(compose.services.auth ?? {});
      const gateway = composeEnv(compose.services.gateway ?? {});
      assert.ok(auth.SESSION_SIGNING_KEYS, 'compose auth: SESSION_SIGNING_KEYS is not set');
      assert.equal(
        gateway.KINORA_SESSION_SIGNING_KEYS,
        auth.SESSION_SIGNING_KEYS,
        'compose gateway: KINORA_SESSION_SIGNING_KEYS must be the same value as auth SESSION_SIGNING_KEYS',
      );
      // What runs when the shell sets nothing: auth (NODE_ENV=production in its image) must accept it.
      const keys = composeDefault(auth.SESSION_SIGNING_KEYS).split(',');
      for (const key of keys) {
        assert.ok(key.trim().length >= 32, 'compose: each default signing key needs 32 characters or more');
        assert.notEqual(key.trim(), AUTH_DEV_SIGNING_KEY, 'compose: auth refuses its own development key');
      }
      assert.ok(
        composeDefault(auth.AUTH_SECRET ?? '').length >= 16,
        'compose auth: AUTH_SECRET (16 characters or more) is required in production',
      );
      assert.ok(auth.SESSION_TOKEN_TTL_SECONDS, 'compose auth: SESSION_TOKEN_TTL_SECONDS is not set');
      for (const [name, service] of composeServices()) {
        // auth's seed runs with auth's environment.
        if (name === 'auth' || name === 'seed-auth' || name === 'gateway') continue;
        const env = composeEnv(service);
        assert.ok(
          !('SESSION_SIGNING_KEYS' in env) && !('KINORA_SESSION_SIGNING_KEYS' in env),
          `compose ${name}: only auth and the gateway hold the signing keys`,
        );
      }
    });

    it('compose: identity-marks runs beside the gateway, sharing its in-memory marks volume', () => {
      const sidecar = compose.services[IDENTITY_MARKS];
      assert.ok(sidecar, `compose: no ${IDENTITY_MARKS} service beside the gateway`);
      const gateway = compose.services.gateway ?? {};
      assert.ok(
        typeof sidecar.build === 'object' && sidecar.build.dockerfile === IDENTITY_MARKS_DOCKERFILE,
        `compose ${IDENTITY_MARKS}: builds ${IDENTITY_MARKS_DOCKERFILE}`,
      );
      const env = composeEnv(sidecar);
      const auth = composeEnv(compose.services.auth ?? {});
      for (const name of ['REDIS_URL', 'REDIS_PREFIX']) {
        assert.equal(env[name], auth[name], `compose ${IDENTITY_MARKS}: ${name} as the services'`);
      }
      assert.equal(
        env.SESSION_TOKEN_TTL_SECONDS,
        auth.SESSION_TOKEN_TTL_SECONDS,
        `compose ${IDENTITY_MARKS}: SESSION_TOKEN_TTL_SECONDS as auth's`,
      );
      const dir = env.IDENTITY_MARKS_DIR;
      assert.ok(
        dir?.startsWith('/'),
        `compose ${IDENTITY_MARKS}: IDENTITY_MARKS_DIR is not an absolute path`,
      );
      assert.equal(
        composeEnv(gateway).IDENTITY_MARKS_DIR,
        dir,
        'compose gateway: IDENTITY_MARKS_DIR as identity-marks',
      );

      const marksMount = (name: string, service: ComposeService) => {
        const mounts = composeMounts(service).filter((mount) => mount.target === dir);
        assert.equal(
          mounts.length,
          1,
          `compose ${name}: mounts nothing (or twice) at IDENTITY_MARKS_DIR ${dir}`,
        );
        return mounts[0];
      };
      const written = marksMount(IDENTITY_MARKS, sidecar);
      const read = marksMount('gateway', gateway);
      assert.equal(
        read.source,
        written.source,
        'compose: the gateway and identity-marks share one marks volume',
      );
      assert.equal(read.readOnly, true, 'compose gateway: the marks are read-only for nginx');
      assert.equal(written.readOnly, false, `compose ${IDENTITY_MARKS}: writes the marks`);
      // A named volume (a bind mount or per-container tmpfs would not be shared), in memory, never
      // seeded from an image (which would decide its owner), owned by the sidecar's user (node).
      const volume = compose.volumes?.[written.source];
      assert.ok(
        volume !== undefined,
        `compose: the marks volume ${written.source} is not a declared named volume`,
      );
      assert.equal(volume?.driver_opts?.type, 'tmpfs', `compose volume ${written.source}: tmpfs`);
      assert.match(
        volume?.driver_opts?.o ?? '',
        /(^|,)uid=1000(,|$)/,
        `compose volume ${written.source}: owned by node`,
      );
      assert.ok(written.nocopy && read.nocopy, `compose: mount ${written.source} with volume.nocopy`);
      for (const [name, service] of composeServices()) {
        if (name === IDENTITY_MARKS || name === 'gateway') continue;
        assert.ok(
          !composeMounts(service).some((mount) => mount.source === written.source),
          `compose ${name}: mounts the gateway's marks volume`,
        );
      }

      assert.equal(dependsOn(sidecar).redis, 'service_healthy', `compose ${IDENTITY_MARKS}: waits for redis`);
      assert.ok(IDENTITY_MARKS in dependsOn(gateway), `compose gateway: starts ${IDENTITY_MARKS} with it`);
      assert.ok(
        names(sidecar.networks).some((network) => names(compose.services.redis?.networks).includes(network)),
        `compose ${IDENTITY_MARKS}: shares no network with redis`,
      );
      assert.deepEqual(sidecar.ports ?? [], [], `compose ${IDENTITY_MARKS}: publishes nothing`);
    });

    it('the gateway image carries every file nginx.conf loads and a default for every placeholder', () => {
      const dockerfile = read('gateway/Dockerfile');
      const copied = [
        ...dockerfile.matchAll(/^COPY\s+(?!--from)(.+)\s+\/etc\/kinora\/gateway\/\s*$/gm),
      ].flatMap(([, files]) => files.split(/\s+/));
      for (const file of GATEWAY_CONF_FILES) {
        assert.ok(
          copied.includes(`gateway/${file}`),
          `gateway/Dockerfile does not copy gateway/${file} to /etc/kinora/gateway/`,
        );
      }
      // The entry point refuses an empty placeholder: each needs its default.
      const env = dockerfileEnv(dockerfile);
      for (const name of GATEWAY_VAR_NAMES) {
        assert.ok(env[name], `gateway/Dockerfile: no ENV default for the template placeholder \${${name}}`);
      }
      const sidecarEnv = dockerfileEnv(read(IDENTITY_MARKS_DOCKERFILE));
      assert.equal(
        sidecarEnv.IDENTITY_MARKS_DIR,
        env.IDENTITY_MARKS_DIR,
        'both images default IDENTITY_MARKS_DIR alike',
      );
      assert.equal(
        composeEnv(compose.services[IDENTITY_MARKS] ?? {}).IDENTITY_MARKS_DIR,
        env.IDENTITY_MARKS_DIR,
        "compose's IDENTITY_MARKS_DIR is the images' default",
      );
    });

    it('the identity-marks image runs gateway/identity-marks.ts with every package it imports', () => {
      const dockerfile = read(IDENTITY_MARKS_DOCKERFILE);
      assert.match(dockerfile, /ARG NODE_IMAGE=node:24-bookworm-slim/, "the services' Node image");
      assert.match(dockerfile, /^COPY gateway\/identity-marks\.ts gateway\/$/m, 'copies the source');
      assert.match(dockerfile, /\nUSER node\n/, 'runs as node');
      assert.match(
        dockerfile,
        /CMD \["node", "gateway\/identity-marks\.ts"\]/,
        "runs the source on Node's type stripping (it starts only as identity-marks.ts)",
      );
      const installed = /for \(const name of \[([^\]]+)\]\)/
        .exec(dockerfile)?.[1]
        ?.match(/'[^']+'/g)
        ?.map((n) => n.slice(1, -1));
      const source = read('gateway/identity-marks.ts');
      for (const [, specifier] of source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)) {
        if (specifier.startsWith('node:')) continue;
        assert.ok(
          !specifier.startsWith('.'),
          `gateway/identity-marks.ts imports ${specifier}, which the image does not copy`,
        );
        const pkg = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0];
        assert.ok(
          installed?.includes(pkg),
          `${IDENTITY_MARKS_DOCKERFILE}: does not install ${pkg}, which identity-marks.ts imports`,
        );
        if (pkg.startsWith('@kinora/')) {
          assert.match(
            dockerfile,
            new RegExp(`tsc -b ${pkg.slice('@kinora/'.length)}\\n`),
            `${IDENTITY_MARKS_DOCKERFILE}: compiles ${pkg}`,
          );
        }
      }
    });
  });

  // ---------------------------------------------------------------- (e)
  it('docker compose config -q accepts the file (when a compose CLI is available)', (t) => {
    const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8', timeout: 10_000 });
    if (version.error || version.status !== 0) {
      t.diagnostic('docker compose is not available here; skipped `docker compose config -q`');
      t.skip('no docker compose CLI');
      return;
    }
    const result = spawnSync('docker', ['compose', '-f', join(root, 'docker-compose.yml'), 'config', '-q'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(result.status, 0, result.stderr);
  });
});
