// docker-compose.yml against infra/topology.ts: each service's and worker's PORT, database, build
// arguments (SERVICE, PORT, MEDIA_TOOLS), image, volumes and the names of its environment; the
// gateway's <SERVICE>_UPSTREAM, port and media; identity-marks' environment; the seeds' environment
// and SEED_API_URL; Kafka's, maildev's and the platform's ports wherever an address names one.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY_VAR_NAMES } from '../../../gateway/render';
import {
  APPS,
  GATEWAY,
  PLATFORM,
  SERVICE_NAMES,
  SIDECARS,
  databaseOf,
  mediaToolsOf,
  serviceProcess,
  upstreamAddress,
  upstreamVar,
  type ServiceName,
} from '../../topology';
import { databaseIn, portOf } from '../manifests/addresses';
import {
  composeDefault,
  composeEnv,
  composeMounts,
  composePorts,
  healthcheckPort,
} from '../manifests/compose';
import { loadCompose, read, root } from '../manifests/files';
import type { ComposeFile, ComposeService } from '../manifests/shapes';
import {
  differs,
  envNameProblems,
  gatewayImageEnv,
  mediaMountProblems,
  platformAddressProblems,
  serviceImageEnv,
  TOPOLOGY,
} from './shared';

const FILE = 'docker-compose.yml';
const at = (name: string, rest: string) => `services.${name}${rest}`;

export interface ComposeInputs {
  compose: ComposeFile;
  /** services/Dockerfile's ENV: what every service and worker gets from its image. */
  serviceImageEnv: Record<string, string>;
  /** gateway/Dockerfile's ENV. */
  gatewayImageEnv: Record<string, string>;
  /** Whether a service's seed reaches its API (so it needs SEED_API_URL in a container of its own). */
  seedCallsApi: (service: ServiceName) => boolean;
}

/** The repository's files, with `compose` in place of docker-compose.yml (a mutated copy, in tests). */
export const loadComposeInputs = (compose = loadCompose()): ComposeInputs => ({
  compose,
  serviceImageEnv: serviceImageEnv(),
  gatewayImageEnv: gatewayImageEnv(),
  seedCallsApi: (service) => {
    const path = `services/${service}/src/seed.ts`;
    return existsSync(join(root, path)) && /\bseedApiUrl\(/.test(read(path));
  },
});

export function composeProblems(inputs: ComposeInputs): string[] {
  const services = inputs.compose.services ?? {};
  return [
    ...appProblems(services, inputs.serviceImageEnv),
    ...gatewayProblems(services, inputs.gatewayImageEnv),
    ...sidecarProblems(services),
    ...seedProblems(services, inputs),
    ...platformProblems(services),
  ];
}

/** Each service and worker: PORT, database, environment, volumes; build arguments or image. */
function appProblems(services: Record<string, ComposeService>, imageEnv: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const p of APPS) {
    const service = services[p.name];
    if (!service) {
      problems.push(`${FILE}: services.${p.name} is missing (${p.kind} of ${p.service} in ${TOPOLOGY})`);
      continue;
    }
    const env = composeEnv(service);
    if (env.PORT !== String(p.port))
      problems.push(differs(FILE, at(p.name, '.environment.PORT'), env.PORT, String(p.port)));
    const database =
      env.DATABASE_URL === undefined ? undefined : databaseIn(composeDefault(env.DATABASE_URL));
    if (database !== databaseOf(p.service)) {
      problems.push(
        differs(FILE, at(p.name, '.environment.DATABASE_URL database'), database, databaseOf(p.service)),
      );
    }
    problems.push(
      ...envNameProblems(
        `${FILE}: ${at(p.name, '.environment')}`,
        p,
        Object.keys(env),
        Object.keys(imageEnv),
      ),
    );
    problems.push(...mediaMountProblems(`${FILE}: ${at(p.name, '.volumes')}`, p, composeMounts(service)));

    const image = services[p.service]?.image;
    if (p.kind === 'service') {
      const args = typeof service.build === 'object' ? (service.build.args ?? {}) : {};
      const expected: Record<string, string | undefined> = {
        SERVICE: p.service,
        PORT: String(p.port),
        MEDIA_TOOLS: mediaToolsOf(p.service) ? '1' : undefined,
      };
      for (const [arg, value] of Object.entries(expected)) {
        const actual = args[arg] === undefined ? undefined : String(args[arg]);
        if (actual !== value) problems.push(differs(FILE, at(p.name, `.build.args.${arg}`), actual, value));
      }
    } else if (service.image !== image) {
      problems.push(differs(FILE, at(p.name, '.image'), service.image, `${image} (${p.service}'s image)`));
    }
  }
  return problems;
}

/** The gateway: an upstream per service, its port, the media it serves. */
function gatewayProblems(
  services: Record<string, ComposeService>,
  imageEnv: Record<string, string>,
): string[] {
  const gateway = services[GATEWAY.name];
  if (!gateway) return [`${FILE}: services.${GATEWAY.name} is missing`];
  const problems: string[] = [];
  const env = composeEnv(gateway);
  for (const service of SERVICE_NAMES) {
    const name = upstreamVar(service);
    if (env[name] !== upstreamAddress(service)) {
      problems.push(
        differs(FILE, at(GATEWAY.name, `.environment.${name}`), env[name], upstreamAddress(service)),
      );
    }
  }
  const known = new Set<string>([...GATEWAY_VAR_NAMES, ...GATEWAY.env]);
  for (const name of Object.keys(env).filter((name) => !known.has(name))) {
    problems.push(
      `${FILE}: ${at(GATEWAY.name, '.environment')} sets ${name}, which neither ${TOPOLOGY} nor gateway/render.ts knows`,
    );
  }
  problems.push(
    ...envNameProblems(
      `${FILE}: ${at(GATEWAY.name, '.environment')}`,
      GATEWAY,
      Object.keys(env),
      Object.keys(imageEnv),
      false,
    ),
  );
  const port = String(GATEWAY.port);
  if (env.LISTEN_PORT !== undefined && env.LISTEN_PORT !== port) {
    problems.push(differs(FILE, at(GATEWAY.name, '.environment.LISTEN_PORT'), env.LISTEN_PORT, port));
  }
  problems.push(...containerPortProblems(GATEWAY.name, gateway, port));
  problems.push(
    ...mediaMountProblems(`${FILE}: ${at(GATEWAY.name, '.volumes')}`, GATEWAY, composeMounts(gateway)),
  );
  return problems;
}

/** The container side of each published port, and the port its healthcheck asks, are `port`. */
function containerPortProblems(name: string, service: ComposeService, port: string): string[] {
  const problems: string[] = [];
  for (const { target } of composePorts(service)) {
    if (target !== port) problems.push(differs(FILE, at(name, '.ports (container side)'), target, port));
  }
  const health = healthcheckPort(service);
  if (health !== undefined && health !== port)
    problems.push(differs(FILE, at(name, '.healthcheck port'), health, port));
  return problems;
}

function sidecarProblems(services: Record<string, ComposeService>): string[] {
  return SIDECARS.flatMap((sidecar) => {
    const service = services[sidecar.name];
    if (!service) return [`${FILE}: services.${sidecar.name} is missing (beside ${sidecar.beside})`];
    return envNameProblems(
      `${FILE}: ${at(sidecar.name, '.environment')}`,
      sidecar,
      Object.keys(composeEnv(service)),
    );
  });
}

/** The seeds: each with its service's environment, reaching the service's API by its name. */
function seedProblems(services: Record<string, ComposeService>, inputs: ComposeInputs): string[] {
  const problems: string[] = [];
  for (const [name, service] of Object.entries(services)) {
    const owner = /^seed-(.+)$/.exec(name)?.[1] as ServiceName | undefined;
    if (!owner || !SERVICE_NAMES.includes(owner)) continue;
    const p = serviceProcess(owner);
    const env = composeEnv(service);
    if (env.PORT !== String(p.port))
      problems.push(differs(FILE, at(name, '.environment.PORT'), env.PORT, String(p.port)));
    problems.push(
      ...envNameProblems(
        `${FILE}: ${at(name, '.environment')}`,
        p,
        Object.keys(env),
        Object.keys(inputs.serviceImageEnv),
        false,
      ),
    );
    const api = `http://${upstreamAddress(owner)}`;
    if (env.SEED_API_URL !== undefined ? env.SEED_API_URL !== api : inputs.seedCallsApi(owner)) {
      problems.push(differs(FILE, at(name, '.environment.SEED_API_URL'), env.SEED_API_URL, api));
    }
  }
  return problems;
}

/** Kafka's listeners, maildev's ports, and every address naming a platform port. */
function platformProblems(services: Record<string, ComposeService>): string[] {
  const problems: string[] = [];
  const kafka = services.kafka;
  if (!kafka) problems.push(`${FILE}: services.kafka is missing`);
  else {
    const env = composeEnv(kafka);
    const controllers = (env.KAFKA_CONTROLLER_LISTENER_NAMES ?? '').split(',');
    for (const listener of (env.KAFKA_LISTENERS ?? '').split(',').filter(Boolean)) {
      const [listenerName] = listener.split(':');
      const expected = controllers.includes(listenerName) ? PLATFORM.kafka.controller : PLATFORM.kafka.broker;
      const port = /:(\d+)$/.exec(listener)?.[1];
      if (port !== String(expected))
        problems.push(
          differs(FILE, `services.kafka KAFKA_LISTENERS ${listenerName}`, port, String(expected)),
        );
    }
    for (const [variable, expected] of [
      ['KAFKA_ADVERTISED_LISTENERS', PLATFORM.kafka.broker],
      ['KAFKA_CONTROLLER_QUORUM_VOTERS', PLATFORM.kafka.controller],
    ] as const) {
      for (const address of (env[variable] ?? '').split(',').filter(Boolean)) {
        const port = /:(\d+)$/.exec(address)?.[1];
        if (port !== String(expected))
          problems.push(differs(FILE, `services.kafka ${variable} (${address})`, port, String(expected)));
      }
    }
    const health = healthcheckPort(kafka);
    if (health !== undefined && health !== String(PLATFORM.kafka.broker)) {
      problems.push(differs(FILE, 'services.kafka.healthcheck port', health, String(PLATFORM.kafka.broker)));
    }
  }
  const maildev = services.maildev;
  if (maildev) problems.push(...containerPortProblems('maildev', maildev, String(PLATFORM.maildev.web)));
  for (const [name, service] of Object.entries(services)) {
    const env = composeEnv(service);
    problems.push(...platformAddressProblems(`${FILE}: services.${name}.environment`, env));
    if (
      env.SMTP_URL !== undefined &&
      portOf(composeDefault(env.SMTP_URL)) !== String(PLATFORM.maildev.smtp)
    ) {
      problems.push(
        differs(
          FILE,
          `services.${name}.environment.SMTP_URL's port`,
          portOf(env.SMTP_URL),
          String(PLATFORM.maildev.smtp),
        ),
      );
    }
  }
  return problems;
}
