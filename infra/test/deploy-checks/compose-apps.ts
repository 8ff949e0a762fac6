// The services and workers in docker-compose.yml: exactly the service packages, and the workers
// infra/topology.ts names, each running its package's code from its image; the gateway's upstreams;
// each one's environment, database, migrations, healthcheck, dependencies and volumes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY, databaseOf, upstreamVar, type ServiceName } from '../../topology';
import {
  composeApps,
  composeBuildPackage,
  composeCommand,
  composeEnv,
  composeMounts,
  composeWorkers,
  dependsOn,
} from '../manifests/compose';
import { read, root, servicePackages, sorted } from '../manifests/files';
import {
  deployedEnvOf,
  IDENTITY_MARKS,
  mediaAccessOf,
  STUDIO_USERS,
  WORKER_NAMES,
} from '../manifests/processes';
import type { ComposeFile } from '../manifests/shapes';
import { Problems } from '../problems';

const database = (pkg: string) => databaseOf(pkg as ServiceName);

export function checkComposeRunsPackages(compose: ComposeFile): string[] {
  const problems = new Problems();
  problems.equal(
    sorted(composeApps(compose).map(([name]) => name)),
    servicePackages,
    'compose: the services running a service package (its build SERVICE, named as it), against services/',
  );
  return problems.list;
}

/** The gateway reaches each service package at <SERVICE>_UPSTREAM = <service>:<PORT>, and serves MEDIA_ROOT. */
export function checkComposeUpstreams(compose: ComposeFile): string[] {
  const problems = new Problems();
  const gatewayEnv = composeEnv(compose.services[GATEWAY.name] ?? {});
  for (const name of servicePackages) {
    const port = composeEnv(compose.services[name] ?? {}).PORT;
    problems.equal(
      gatewayEnv[upstreamVar(name as ServiceName)],
      `${name}:${port}`,
      `compose gateway -> ${name}`,
    );
  }
  problems.equal(gatewayEnv.MEDIA_ROOT, '/media', 'compose gateway: MEDIA_ROOT');
  return problems.list;
}

/** The workers of infra/topology.ts, each running worker.js of a service package that has src/worker.ts, from its image. */
export function checkComposeWorkers(compose: ComposeFile): string[] {
  const problems = new Problems();
  problems.equal(
    sorted(composeWorkers(compose).map(([name]) => name)),
    sorted(WORKER_NAMES),
    'compose workers',
  );
  for (const [name, service] of composeWorkers(compose)) {
    const pkg = composeBuildPackage(service);
    if (!pkg || !servicePackages.includes(pkg)) {
      problems.add(`compose ${name}: builds no service package`);
      continue;
    }
    problems.equal(name, `${pkg}-worker`, `compose ${name}: named after its package`);
    problems.match(composeCommand(service), /dist\/src\/worker\.js/, `compose ${name}: command`);
    problems.ok(
      existsSync(join(root, 'services', pkg, 'src', 'worker.ts')),
      `services/${pkg}/src/worker.ts is missing`,
    );
    problems.equal(service.image, compose.services[pkg]?.image, `compose ${name}: same image as ${pkg}`);
  }
  return problems.list;
}

/**
 * Each service and worker: the variables it needs (infra/topology.ts) and tracing, its own database,
 * a healthcheck, postgres, redis and the topics before it starts, the media and studio volumes it
 * uses and no other; each service migrates before it starts; the gateway mounts media read-only;
 * postgres-init.sql creates every package's database.
 */
export function checkComposeApps(compose: ComposeFile): string[] {
  const problems = new Problems();
  for (const [name, service] of [...composeApps(compose), ...composeWorkers(compose)]) {
    const env = composeEnv(service);
    for (const variable of deployedEnvOf(name)) {
      problems.ok(variable in env, `compose ${name}: env ${variable} is not set`);
    }
    const pkg = composeBuildPackage(service) ?? '';
    problems.match(
      env.DATABASE_URL ?? '',
      new RegExp(`/${database(pkg)}$`),
      `compose ${name}: DATABASE_URL is not its own database`,
    );
    problems.ok(service.healthcheck?.test && !service.healthcheck.disable, `compose ${name}: healthcheck`);
    const deps = dependsOn(service);
    problems.equal(deps.postgres, 'service_healthy', `compose ${name}: waits for postgres`);
    problems.equal(deps.redis, 'service_healthy', `compose ${name}: waits for redis`);
    problems.equal(
      deps['kafka-init'],
      'service_completed_successfully',
      `compose ${name}: waits for the topics`,
    );
    const mountsMedia = (service.volumes ?? []).some((v) => typeof v === 'string' && v.startsWith('media:'));
    problems.equal(mountsMedia, mediaAccessOf(name) !== 'none', `compose ${name}: mounts the media volume`);
    if (mediaAccessOf(name) === 'read')
      problems.ok(service.volumes?.includes('media:/media:ro'), `compose ${name}: media read-only`);
    const mountsStudio = (service.volumes ?? []).includes('studio:/studio');
    problems.equal(mountsStudio, STUDIO_USERS.includes(name), `compose ${name}: mounts studio:/studio`);
  }
  for (const [name, service] of composeApps(compose)) {
    problems.match(
      composeCommand(service),
      /dist\/src\/migrate\.js && exec node dist\/src\/main\.js/,
      `${name}: command`,
    );
  }
  const ports = composeApps(compose).map(([, service]) => composeEnv(service).PORT);
  problems.ok(new Set(ports).size === ports.length, `service ports are not distinct: ${ports.join(', ')}`);
  problems.equal(
    composeMounts(compose.services[GATEWAY.name] ?? {})
      .filter((mount) => mount.source !== IDENTITY_MARKS)
      .map((mount) => `${mount.source}:${mount.target}:${mount.readOnly ? 'ro' : 'rw'}`),
    ['media:/media:ro'],
    'gateway mounts media read-only (and, besides, only its identity marks)',
  );
  problems.ok(dependsOn(compose.services['kafka-init'] ?? {}).kafka, 'kafka-init waits for kafka');
  const sql = read('infra/compose/postgres-init.sql');
  for (const name of servicePackages) {
    problems.match(
      sql,
      new RegExp(`CREATE DATABASE ${database(name)};`),
      `postgres-init.sql: ${database(name)}`,
    );
  }
  return problems.list;
}
