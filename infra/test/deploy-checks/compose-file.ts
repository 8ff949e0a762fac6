// docker-compose.yml as a whole: every build points at a Dockerfile, every long-running container has
// a healthcheck, every dependency, network and named volume resolves, and only the gateway, the
// maildev UI and the Jaeger UI are published, on 127.0.0.1, with the services on internal networks.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY, PLATFORM } from '../../topology';
import {
  composeApps,
  composeMounts,
  composePorts,
  composeServices,
  composeWorkers,
  dependsOn,
  networkNames,
} from '../manifests/compose';
import { read, root } from '../manifests/files';
import type { ComposeFile } from '../manifests/shapes';
import { Problems } from '../problems';

/**
 * Compose services allowed to publish ports on the host, and which: on the host, the port each
 * listens on in its container (unless KINORA_HTTP_PORT or KINORA_MAIL_PORT say otherwise).
 */
export const PUBLISHED: Readonly<Record<string, string[]>> = {
  [GATEWAY.name]: [String(GATEWAY.port)],
  maildev: [String(PLATFORM.maildev.web)],
  /** The Jaeger UI (the collector's traces), which the topology's processes never use. */
  jaeger: ['16686'],
};

/** Run once and exit (kafka-init, the seeds), or distroless with nothing to probe with (the collector). */
const NO_HEALTHCHECK = ['kafka-init', 'otel-collector'];

export function checkComposeBuilds(compose: ComposeFile): string[] {
  const problems = new Problems();
  problems.ok(
    compose.services && Object.keys(compose.services).length > 0,
    'docker-compose.yml: no services',
  );
  for (const [name, service] of composeServices(compose)) {
    problems.ok(service.image || service.build, `${name}: neither image nor build`);
    if (!service.build) continue;
    const context = typeof service.build === 'string' ? service.build : (service.build.context ?? '.');
    const dockerfile =
      typeof service.build === 'string' ? 'Dockerfile' : (service.build.dockerfile ?? 'Dockerfile');
    problems.ok(
      existsSync(join(root, context, dockerfile)),
      `${name}: ${join(context, dockerfile)} does not exist`,
    );
  }
  return problems.list;
}

/** A healthcheck for every long-running container: its own, or its Dockerfile's HEALTHCHECK. */
export function checkComposeHealthchecks(compose: ComposeFile): string[] {
  const problems = new Problems();
  for (const [name, service] of composeServices(compose)) {
    if (NO_HEALTHCHECK.includes(name) || service.profiles?.includes('seed')) continue;
    const build = typeof service.build === 'object' ? service.build.dockerfile : undefined;
    if (build && /^HEALTHCHECK /m.test(read(build))) continue;
    problems.ok(service.healthcheck?.test && !service.healthcheck.disable, `compose ${name}: no healthcheck`);
  }
  return problems.list;
}

export function checkComposeReferences(compose: ComposeFile): string[] {
  const problems = new Problems();
  const networks = Object.keys(compose.networks ?? {});
  const volumes = Object.keys(compose.volumes ?? {});
  const conditions = ['service_started', 'service_healthy', 'service_completed_successfully', undefined];
  for (const [name, service] of composeServices(compose)) {
    for (const [target, condition] of Object.entries(dependsOn(service))) {
      if (!problems.ok(compose.services[target], `${name}: depends_on ${target}, which does not exist`))
        continue;
      problems.ok(conditions.includes(condition), `${name}: depends_on ${target}: condition ${condition}`);
      if (condition === 'service_healthy') {
        const healthcheck = compose.services[target].healthcheck;
        problems.ok(
          healthcheck?.test && !healthcheck.disable,
          `${name} waits for ${target} to be healthy: no healthcheck`,
        );
      }
    }
    for (const network of networkNames(service))
      problems.ok(networks.includes(network), `${name}: network ${network} is not declared`);
    for (const { source } of composeMounts(service)) {
      if (source.startsWith('.') || source.startsWith('/')) {
        problems.ok(existsSync(join(root, source)), `${name}: bind mount ${source} does not exist`);
      } else {
        problems.ok(volumes.includes(source), `${name}: named volume ${source} is not declared`);
      }
    }
  }
  return problems.list;
}

/** Only PUBLISHED's ports, on 127.0.0.1; the services and workers on internal networks only. */
export function checkComposePublishing(compose: ComposeFile): string[] {
  const problems = new Problems();
  for (const [name, service] of composeServices(compose)) {
    const ports = composePorts(service);
    problems.equal(
      ports.map((port) => port.published),
      PUBLISHED[name] ?? [],
      `${name}: published ports`,
    );
    for (const port of ports) problems.equal(port.hostIp, '127.0.0.1', `${name}: bound to 127.0.0.1 only`);
  }
  const internal = Object.entries(compose.networks ?? {}).filter(([, network]) => network?.internal === true);
  problems.ok(internal.length > 0, 'no internal network');
  for (const [name, service] of [...composeApps(compose), ...composeWorkers(compose)]) {
    const networks = networkNames(service);
    problems.ok(networks.length > 0, `${name}: on the default (non-internal) network`);
    for (const network of networks) {
      problems.equal(
        compose.networks?.[network]?.internal,
        true,
        `${name}: on non-internal network ${network}`,
      );
    }
  }
  return problems.list;
}
