// The topology (infra/topology.ts) is written once; the files that repeat parts of it are checked
// against it here, each problem naming the file, the place and the value that disagrees:
//   (a) the topology itself: names and ports unique (local replicas included), and agreeing with
//       the services' config schemas (what they refuse in production, mail, media);
//   (b) docker-compose.yml: each service's and worker's PORT, database, build arguments (SERVICE,
//       PORT, MEDIA_TOOLS), image, volumes and the names of its environment; the gateway's
//       <SERVICE>_UPSTREAM, port and media; identity-marks' environment; the seeds' environment and
//       SEED_API_URL; Kafka's, maildev's and the platform's ports wherever an address names one;
//   (c) gateway/Dockerfile's defaults, gateway/nginx.conf.template's upstreams,
//       infra/compose/postgres-init.sql's databases;
//   (d) k8s/base: each Deployment's container port, PORT, prometheus.io/port, image, database,
//       environment names and volumes; each Service's port; the gateway's upstreams and its
//       sidecar; the NetworkPolicies' ports (network-policies*.yaml); the platform addresses.
//   (e) the checks themselves: a wrong value in a mutated, in-memory document is reported.
//
//   node --import tsx --test infra/test/topology.test.ts
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { parse, parseAllDocuments } from 'yaml';
import { GATEWAY_VAR_NAMES } from '../../gateway/render';
import {
  APPS,
  COMMON_ENV,
  GATEWAY,
  LOCAL_REPLICAS,
  MAIL_ENV,
  PLATFORM,
  PROCESSES,
  SERVICE_NAMES,
  SERVICES,
  SIDECARS,
  STUDIO_ENV,
  UPSTREAM_VARS,
  WORKERS,
  allowedEnvOf,
  databaseOf,
  mediaToolsOf,
  processNamed,
  replicaPort,
  requiredEnvOf,
  serviceProcess,
  upstreamAddress,
  upstreamVar,
  type MediaAccess,
  type ProcessSpec,
  type ServiceName,
} from '../topology';

const root = resolve(__dirname, '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const TOPOLOGY = 'infra/topology.ts';

// ------------------------------------------------------------------ shapes read here

type Env = Record<string, string>;
interface ComposeVolume {
  type?: string;
  source?: string;
  target?: string;
  read_only?: boolean;
}
interface ComposeService {
  image?: string;
  build?: string | { args?: Record<string, string | number> };
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string | string[] };
  ports?: (string | { target?: number | string })[];
  volumes?: (string | ComposeVolume)[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

interface K8sEnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface K8sContainer {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: K8sEnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}
interface K8sSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
interface K8sPolicyRule {
  from?: { podSelector?: K8sSelector }[];
  to?: { podSelector?: K8sSelector }[];
  ports?: { port?: number | string }[];
}
interface K8sObject {
  kind?: string;
  metadata?: { name?: string };
  spec?: {
    template?: {
      metadata?: { annotations?: Record<string, string> };
      spec?: { containers?: K8sContainer[]; initContainers?: K8sContainer[] };
    };
    ports?: { port: number; targetPort?: number | string }[];
    podSelector?: K8sSelector;
    ingress?: K8sPolicyRule[];
    egress?: K8sPolicyRule[];
  };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
/** A k8s object and the file it is written in. */
interface Located {
  file: string;
  object: K8sObject;
}

// ------------------------------------------------------------------ reading helpers

const show = (value: unknown): string => (value === undefined ? 'missing' : JSON.stringify(value));
/** The problem of one value: where it is, what it is, what the topology says. */
const differs = (file: string, where: string, actual: unknown, expected: unknown): string =>
  `${file}: ${where} is ${show(actual)}, ${TOPOLOGY} says ${show(expected)}`;

function composeEnv(service: ComposeService): Env {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]));
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]),
  );
}

/** A compose value as compose runs it when the variable is unset: `${NAME:-default}` → default. */
const composeDefault = (value: string): string =>
  value.replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_match, fallback?: string) => fallback ?? '');

function composeMounts(service: ComposeService): { target: string; readOnly: boolean }[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume === 'string') {
      const [, target = '', mode = ''] = volume.split(':');
      return { target, readOnly: mode.split(',').includes('ro') };
    }
    return { target: volume.target ?? '', readOnly: volume.read_only === true };
  });
}

/** The NAME=value pairs of a Dockerfile's ENV instructions, continuation lines included. */
function dockerfileEnv(text: string): Env {
  const env: Env = {};
  for (const [, body] of text.replace(/\\\n/g, ' ').matchAll(/^ENV\s+(.*)$/gm)) {
    for (const [, key, value] of body.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
  }
  return env;
}
const dockerfileExposes = (text: string): string[] =>
  [...text.matchAll(/^EXPOSE\s+(.+)$/gm)].flatMap(([, ports]) => ports.trim().split(/\s+/));

/** The port of a URL or host:port address (undefined when it names none). */
function portOf(address: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(address) ? address : `tcp://${address}`;
  try {
    return new URL(withScheme).port || undefined;
  } catch {
    return undefined;
  }
}
const databaseIn = (url: string): string | undefined => {
  try {
    return new URL(url).pathname.replace(/^\//, '') || undefined;
  } catch {
    return undefined;
  }
};

/** 127.0.0.1:<port> in a healthcheck's command. */
const healthcheckPort = (service: ComposeService): string | undefined => {
  const test = service.healthcheck?.test;
  const text = Array.isArray(test) ? test.join(' ') : (test ?? '');
  return /127\.0\.0\.1:(\d+)/.exec(text)?.[1];
};

const sortedSet = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/**
 * Names a process is given that the topology does not list, and names it needs that it is not
 * given (`provided`: what its image sets, or a ConfigMap it takes whole).
 */
function envNameProblems(
  where: string,
  p: ProcessSpec,
  given: readonly string[],
  provided: readonly string[] = [],
  checkExtra = true,
): string[] {
  const have = new Set([...given, ...provided]);
  const allowed = new Set(allowedEnvOf(p));
  return [
    ...requiredEnvOf(p)
      .filter((name) => !have.has(name))
      .map((name) => `${where} lacks ${name}, which ${TOPOLOGY} says ${p.name} needs`),
    ...(checkExtra ? given : [])
      .filter((name) => !allowed.has(name))
      .map((name) => `${where} sets ${name}, which ${TOPOLOGY} does not list for ${p.name}`),
  ];
}

/** The platform's ports in any address a process is given, by the variable naming it. */
function platformAddressProblems(where: string, env: Env): string[] {
  const expected: Record<string, number> = {
    DATABASE_URL: PLATFORM.postgres,
    REDIS_URL: PLATFORM.redis,
    KAFKA_BROKERS: PLATFORM.kafka.broker,
    OTEL_EXPORTER_OTLP_ENDPOINT: PLATFORM.otelCollector,
  };
  const problems: string[] = [];
  for (const [name, port] of Object.entries(expected)) {
    if (env[name] === undefined) continue;
    for (const address of composeDefault(env[name]).split(',')) {
      const actual = portOf(address.trim());
      if (actual !== String(port))
        problems.push(differs(where, `${name}'s port (${address})`, actual, String(port)));
    }
  }
  return problems;
}

function mediaMountProblems(
  where: string,
  p: { name: string; media: MediaAccess; studio?: boolean },
  mounts: { target: string; readOnly: boolean }[],
): string[] {
  const problems: string[] = [];
  const media = mounts.find((mount) => mount.target === '/media');
  const actual: MediaAccess = media === undefined ? 'none' : media.readOnly ? 'read' : 'write';
  if (actual !== p.media) {
    problems.push(`${where} ${describeMedia(actual)}, ${TOPOLOGY} says ${p.name} ${describeMedia(p.media)}`);
  }
  if (p.studio !== undefined) {
    const studio = mounts.some((mount) => mount.target === '/studio' && !mount.readOnly);
    if (studio !== p.studio) {
      problems.push(
        `${where} ${studio ? 'mounts' : 'does not mount'} /studio, ${TOPOLOGY} says ${p.name} ${p.studio ? 'uses' : 'does not use'} the studio`,
      );
    }
  }
  return problems;
}
const describeMedia = (access: MediaAccess): string =>
  access === 'none' ? 'has no /media' : access === 'read' ? 'reads /media' : 'writes /media';

// ------------------------------------------------------------------ (a) the topology itself

function topologyProblems(): string[] {
  const problems: string[] = [];
  const names = PROCESSES.map((p) => p.name);
  for (const name of names.filter((name, i) => names.indexOf(name) !== i)) {
    problems.push(`${TOPOLOGY}: two processes are called ${name}`);
  }
  const ports = new Map<number, string>();
  const claim = (port: number, owner: string) => {
    const other = ports.get(port);
    if (other) problems.push(`${TOPOLOGY}: port ${port} is both ${other}'s and ${owner}'s`);
    ports.set(port, owner);
  };
  for (const p of PROCESSES) if ('port' in p) claim(p.port, p.name);
  for (const service of LOCAL_REPLICAS.services) {
    for (let n = 2; n <= LOCAL_REPLICAS.max; n++) claim(replicaPort(service, n), `${service} replica ${n}`);
  }
  claim(PLATFORM.postgres, 'postgres');
  claim(PLATFORM.redis, 'redis');
  claim(PLATFORM.kafka.broker, 'kafka broker');
  claim(PLATFORM.kafka.controller, 'kafka controller');
  claim(PLATFORM.maildev.smtp, 'maildev smtp');
  claim(PLATFORM.maildev.web, 'maildev web');
  claim(PLATFORM.otelCollector, 'otel collector');

  for (const service of SERVICE_NAMES) {
    const count = SERVICES.filter((p) => p.service === service).length;
    if (count !== 1) problems.push(`${TOPOLOGY}: ${service} has ${count} service processes (one expected)`);
  }
  for (const sidecar of SIDECARS) {
    if (!processNamed(sidecar.beside))
      problems.push(`${TOPOLOGY}: ${sidecar.name} runs beside ${sidecar.beside}, no such process`);
  }
  const implied = new Set<string>([...COMMON_ENV, ...MAIL_ENV, ...STUDIO_ENV, 'MEDIA_ROOT']);
  for (const p of APPS) {
    for (const name of [...p.env, ...p.tunables]) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(name))
        problems.push(`${TOPOLOGY}: ${p.name}: ${name} is not a variable name`);
      if (implied.has(name))
        problems.push(`${TOPOLOGY}: ${p.name} lists ${name}, which its kind or flags imply`);
    }
  }
  return problems;
}

/** The TypeScript files of a service's code (tests left out). */
function serviceSources(service: ServiceName): string {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'migrations' ? [] : walk(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
    });
  return walk(`services/${service}/src`)
    .map((path) => read(path))
    .join('\n');
}

/** The topology against each service's config schema (services/<service>/src/config.ts). */
function schemaProblems(): string[] {
  const problems: string[] = [];
  for (const service of SERVICE_NAMES) {
    const file = `services/${service}/src/config.ts`;
    const schema = read(file);
    const sources = serviceSources(service);
    // Variables the schema refuses to leave at their development default in production.
    const refused = [...schema.matchAll(/path: \['([A-Z][A-Z0-9_]*)'\]/g)]
      .filter((match) => /production/.test(schema.slice(Math.max(0, match.index - 300), match.index + 300)))
      .map((match) => match[1]);
    const mail = /mailConfigSchema/.test(schema);
    const media = /\bMEDIA_ROOT\b/.test(schema);
    for (const p of APPS.filter((candidate) => candidate.service === service)) {
      for (const name of refused.filter((name) => !p.env.includes(name))) {
        problems.push(
          `${file} refuses production without ${name}, but ${TOPOLOGY} does not list it for ${p.name}`,
        );
      }
      if (p.kind === 'service' && p.mail !== mail) {
        problems.push(
          `${file} ${mail ? 'takes' : 'does not take'} the mail settings, ${TOPOLOGY} says ${p.name} mail: ${p.mail}`,
        );
      }
      if (p.media !== 'none' && !media) {
        problems.push(`${file} reads no MEDIA_ROOT, ${TOPOLOGY} says ${p.name} ${describeMedia(p.media)}`);
      }
      for (const name of [...p.env, ...p.tunables].filter((name) => !sources.includes(name))) {
        problems.push(`services/${service}/src never reads ${name}, which ${TOPOLOGY} lists for ${p.name}`);
      }
    }
  }
  return problems;
}

// ------------------------------------------------------------------ (b) docker-compose.yml

interface ComposeInputs {
  compose: ComposeFile;
  /** services/Dockerfile's ENV: what every service and worker gets from its image. */
  serviceImageEnv: Env;
  /** gateway/Dockerfile's ENV. */
  gatewayImageEnv: Env;
  /** Whether a service's seed reaches its API (so it needs SEED_API_URL in a container of its own). */
  seedCallsApi: (service: ServiceName) => boolean;
}

function composeProblems({
  compose,
  serviceImageEnv,
  gatewayImageEnv,
  seedCallsApi,
}: ComposeInputs): string[] {
  const file = 'docker-compose.yml';
  const problems: string[] = [];
  const services = compose.services ?? {};
  const at = (name: string, rest: string) => `services.${name}${rest}`;

  for (const p of APPS) {
    const service = services[p.name];
    if (!service) {
      problems.push(`${file}: services.${p.name} is missing (${p.kind} of ${p.service} in ${TOPOLOGY})`);
      continue;
    }
    const env = composeEnv(service);
    if (env.PORT !== String(p.port))
      problems.push(differs(file, at(p.name, '.environment.PORT'), env.PORT, String(p.port)));
    const database =
      env.DATABASE_URL === undefined ? undefined : databaseIn(composeDefault(env.DATABASE_URL));
    if (database !== databaseOf(p.service)) {
      problems.push(
        differs(file, at(p.name, '.environment.DATABASE_URL database'), database, databaseOf(p.service)),
      );
    }
    problems.push(
      ...envNameProblems(
        `${file}: ${at(p.name, '.environment')}`,
        p,
        Object.keys(env),
        Object.keys(serviceImageEnv),
      ),
    );
    problems.push(...mediaMountProblems(`${file}: ${at(p.name, '.volumes')}`, p, composeMounts(service)));

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
        if (actual !== value) problems.push(differs(file, at(p.name, `.build.args.${arg}`), actual, value));
      }
    } else if (service.image !== image) {
      problems.push(differs(file, at(p.name, '.image'), service.image, `${image} (${p.service}'s image)`));
    }
  }

  // The gateway: an upstream per service, its port, the media it serves.
  const gateway = services[GATEWAY.name];
  if (!gateway) problems.push(`${file}: services.${GATEWAY.name} is missing`);
  else {
    const env = composeEnv(gateway);
    for (const service of SERVICE_NAMES) {
      const name = upstreamVar(service);
      if (env[name] !== upstreamAddress(service)) {
        problems.push(
          differs(file, at(GATEWAY.name, `.environment.${name}`), env[name], upstreamAddress(service)),
        );
      }
    }
    const known = new Set<string>([...GATEWAY_VAR_NAMES, ...GATEWAY.env]);
    for (const name of Object.keys(env).filter((name) => !known.has(name))) {
      problems.push(
        `${file}: ${at(GATEWAY.name, '.environment')} sets ${name}, which neither ${TOPOLOGY} nor gateway/render.ts knows`,
      );
    }
    problems.push(
      ...envNameProblems(
        `${file}: ${at(GATEWAY.name, '.environment')}`,
        GATEWAY,
        Object.keys(env),
        Object.keys(gatewayImageEnv),
        false,
      ),
    );
    if (env.LISTEN_PORT !== undefined && env.LISTEN_PORT !== String(GATEWAY.port)) {
      problems.push(
        differs(file, at(GATEWAY.name, '.environment.LISTEN_PORT'), env.LISTEN_PORT, String(GATEWAY.port)),
      );
    }
    for (const published of gateway.ports ?? []) {
      const target =
        typeof published === 'string' ? composeDefault(published).split(':').pop() : String(published.target);
      if (target !== String(GATEWAY.port))
        problems.push(
          differs(file, at(GATEWAY.name, '.ports (container side)'), target, String(GATEWAY.port)),
        );
    }
    const health = healthcheckPort(gateway);
    if (health !== undefined && health !== String(GATEWAY.port)) {
      problems.push(differs(file, at(GATEWAY.name, '.healthcheck port'), health, String(GATEWAY.port)));
    }
    problems.push(
      ...mediaMountProblems(`${file}: ${at(GATEWAY.name, '.volumes')}`, GATEWAY, composeMounts(gateway)),
    );
  }

  for (const sidecar of SIDECARS) {
    const service = services[sidecar.name];
    if (!service) problems.push(`${file}: services.${sidecar.name} is missing (beside ${sidecar.beside})`);
    else
      problems.push(
        ...envNameProblems(
          `${file}: ${at(sidecar.name, '.environment')}`,
          sidecar,
          Object.keys(composeEnv(service)),
        ),
      );
  }

  // The seeds: each with its service's environment, reaching the service's API by its name.
  for (const [name, service] of Object.entries(services)) {
    const owner = /^seed-(.+)$/.exec(name)?.[1] as ServiceName | undefined;
    if (!owner || !SERVICE_NAMES.includes(owner)) continue;
    const p = serviceProcess(owner);
    const env = composeEnv(service);
    if (env.PORT !== String(p.port))
      problems.push(differs(file, at(name, '.environment.PORT'), env.PORT, String(p.port)));
    problems.push(
      ...envNameProblems(
        `${file}: ${at(name, '.environment')}`,
        p,
        Object.keys(env),
        Object.keys(serviceImageEnv),
        false,
      ),
    );
    const api = `http://${upstreamAddress(owner)}`;
    if (env.SEED_API_URL !== undefined ? env.SEED_API_URL !== api : seedCallsApi(owner)) {
      problems.push(differs(file, at(name, '.environment.SEED_API_URL'), env.SEED_API_URL, api));
    }
  }

  // Kafka's listeners, maildev's ports, and every address naming a platform port.
  const kafka = services.kafka;
  if (!kafka) problems.push(`${file}: services.kafka is missing`);
  else {
    const env = composeEnv(kafka);
    const controllers = (env.KAFKA_CONTROLLER_LISTENER_NAMES ?? '').split(',');
    for (const listener of (env.KAFKA_LISTENERS ?? '').split(',').filter(Boolean)) {
      const [listenerName] = listener.split(':');
      const expected = controllers.includes(listenerName) ? PLATFORM.kafka.controller : PLATFORM.kafka.broker;
      const port = /:(\d+)$/.exec(listener)?.[1];
      if (port !== String(expected))
        problems.push(
          differs(file, `services.kafka KAFKA_LISTENERS ${listenerName}`, port, String(expected)),
        );
    }
    for (const [variable, expected] of [
      ['KAFKA_ADVERTISED_LISTENERS', PLATFORM.kafka.broker],
      ['KAFKA_CONTROLLER_QUORUM_VOTERS', PLATFORM.kafka.controller],
    ] as const) {
      for (const address of (env[variable] ?? '').split(',').filter(Boolean)) {
        const port = /:(\d+)$/.exec(address)?.[1];
        if (port !== String(expected))
          problems.push(differs(file, `services.kafka ${variable} (${address})`, port, String(expected)));
      }
    }
    const health = healthcheckPort(kafka);
    if (health !== undefined && health !== String(PLATFORM.kafka.broker)) {
      problems.push(differs(file, 'services.kafka.healthcheck port', health, String(PLATFORM.kafka.broker)));
    }
  }
  const maildev = services.maildev;
  if (maildev) {
    for (const published of maildev.ports ?? []) {
      const target =
        typeof published === 'string' ? composeDefault(published).split(':').pop() : String(published.target);
      if (target !== String(PLATFORM.maildev.web))
        problems.push(
          differs(file, 'services.maildev.ports (container side)', target, String(PLATFORM.maildev.web)),
        );
    }
    const health = healthcheckPort(maildev);
    if (health !== undefined && health !== String(PLATFORM.maildev.web)) {
      problems.push(differs(file, 'services.maildev.healthcheck port', health, String(PLATFORM.maildev.web)));
    }
  }
  for (const [name, service] of Object.entries(services)) {
    const env = composeEnv(service);
    problems.push(...platformAddressProblems(`${file}: services.${name}.environment`, env));
    if (
      env.SMTP_URL !== undefined &&
      portOf(composeDefault(env.SMTP_URL)) !== String(PLATFORM.maildev.smtp)
    ) {
      problems.push(
        differs(
          file,
          `services.${name}.environment.SMTP_URL's port`,
          portOf(env.SMTP_URL),
          String(PLATFORM.maildev.smtp),
        ),
      );
    }
  }
  return problems;
}

// ------------------------------------------------------------------ (c) Dockerfiles, nginx, SQL

function gatewayDockerfileProblems(text: string): string[] {
  const file = 'gateway/Dockerfile';
  const env = dockerfileEnv(text);
  const problems: string[] = [];
  for (const service of SERVICE_NAMES) {
    const name = upstreamVar(service);
    if (env[name] !== upstreamAddress(service))
      problems.push(differs(file, `ENV ${name}`, env[name], upstreamAddress(service)));
  }
  for (const name of Object.keys(env).filter(
    (name) => name.endsWith('_UPSTREAM') && !UPSTREAM_VARS.includes(name as never),
  )) {
    problems.push(`${file}: ENV ${name} names no service of ${TOPOLOGY}`);
  }
  if (env.LISTEN_PORT !== String(GATEWAY.port))
    problems.push(differs(file, 'ENV LISTEN_PORT', env.LISTEN_PORT, String(GATEWAY.port)));
  const exposed = dockerfileExposes(text);
  if (exposed.join(' ') !== String(GATEWAY.port))
    problems.push(differs(file, 'EXPOSE', exposed.join(' ') || undefined, String(GATEWAY.port)));
  return problems;
}

function nginxTemplateProblems(text: string): string[] {
  const file = 'gateway/nginx.conf.template';
  const upstreams = new Map(
    [...text.replace(/#[^\n]*/g, '').matchAll(/upstream\s+([\w.-]+)\s*\{[^}]*?server\s+([^;\s]+)/g)].map(
      ([, name, server]) => [name, server],
    ),
  );
  const problems: string[] = [];
  for (const service of SERVICE_NAMES) {
    const expected = `\${${upstreamVar(service)}}`;
    if (upstreams.get(service) !== expected)
      problems.push(differs(file, `upstream ${service}'s server`, upstreams.get(service), expected));
  }
  for (const name of [...upstreams.keys()].filter((name) => !SERVICE_NAMES.includes(name as ServiceName))) {
    problems.push(`${file}: upstream ${name} is no service of ${TOPOLOGY}`);
  }
  return problems;
}

function postgresInitProblems(text: string): string[] {
  const file = 'infra/compose/postgres-init.sql';
  const created = sortedSet([...text.matchAll(/CREATE DATABASE\s+"?(\w+)"?/gi)].map((match) => match[1]));
  const expected = sortedSet(SERVICE_NAMES.map((service) => databaseOf(service)));
  return [
    ...expected
      .filter((name) => !created.includes(name))
      .map((name) => `${file} does not create ${name}, ${TOPOLOGY}'s database`),
    ...created
      .filter((name) => !expected.includes(name))
      .map((name) => `${file} creates ${name}, no service's database in ${TOPOLOGY}`),
  ];
}

// ------------------------------------------------------------------ (d) k8s/base

const NAME_LABEL = 'app.kubernetes.io/name';

function loadK8sBase(): Located[] {
  const dir = 'k8s/base';
  return readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.yaml') && name !== 'kustomization.yaml')
    .sort()
    .flatMap((name) =>
      parseAllDocuments(read(`${dir}/${name}`))
        .map((doc) => doc.toJS() as K8sObject | null)
        .filter((object): object is K8sObject => !!object?.kind)
        .map((object) => ({ file: `${dir}/${name}`, object })),
    );
}

function k8sProblems(objects: readonly Located[], serviceImageEnv: Env, gatewayImageEnv: Env): string[] {
  const problems: string[] = [];
  const find = (kind: string, name: string) =>
    objects.find(({ object }) => object.kind === kind && object.metadata?.name === name);
  const configMap = (name: string) => find('ConfigMap', name)?.object.data ?? {};
  const secret = find('Secret', 'kinora-secrets');
  const secretData = { ...secret?.object.data, ...secret?.object.stringData };
  const envNames = (container: K8sContainer): string[] => [
    ...(container.envFrom ?? []).flatMap((from) =>
      from.configMapRef ? Object.keys(configMap(from.configMapRef.name)) : [],
    ),
    ...(container.envFrom ?? []).flatMap((from) =>
      from.secretRef ? Object.keys({ ...find('Secret', from.secretRef.name)?.object.stringData }) : [],
    ),
  ];
  const mounts = (container: K8sContainer) =>
    (container.volumeMounts ?? []).map((mount) => ({
      target: mount.mountPath,
      readOnly: mount.readOnly === true,
    }));

  const deploymentOf = (
    p: { name: string },
    where: string,
  ): { file: string; object: K8sObject } | undefined => {
    const found = find('Deployment', p.name);
    if (!found) problems.push(`k8s/base: no Deployment ${p.name} (${where} in ${TOPOLOGY})`);
    return found;
  };

  for (const p of APPS) {
    const found = deploymentOf(p, `${p.kind} of ${p.service}`);
    if (!found) continue;
    const { file, object } = found;
    const port = String(p.port);
    const pod = object.spec?.template;
    const annotation = pod?.metadata?.annotations?.['prometheus.io/port'];
    if (annotation !== port)
      problems.push(differs(file, `Deployment ${p.name} prometheus.io/port`, annotation, port));
    const containers = pod?.spec?.containers ?? [];
    const container = containers.find((c) => c.name === p.name) ?? containers[0];
    if (!container) {
      problems.push(`${file}: Deployment ${p.name} has no container`);
      continue;
    }
    const where = `Deployment ${p.name} container ${container.name}`;
    const containerPorts = (container.ports ?? []).map((entry) => String(entry.containerPort));
    if (containerPorts.join(',') !== port)
      problems.push(differs(file, `${where} containerPort`, containerPorts.join(',') || undefined, port));
    for (const c of [...(pod?.spec?.initContainers ?? []), container]) {
      const value = c.env?.find((variable) => variable.name === 'PORT')?.value;
      if (c === container || value !== undefined) {
        if (value !== port)
          problems.push(differs(file, `Deployment ${p.name} container ${c.name} env PORT`, value, port));
      }
      const key = c.env?.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.key;
      const expectedKey = `${p.service.toUpperCase()}_DATABASE_URL`;
      if ((c === container || key !== undefined) && key !== expectedKey) {
        problems.push(
          differs(
            file,
            `Deployment ${p.name} container ${c.name} DATABASE_URL's Secret key`,
            key,
            expectedKey,
          ),
        );
      }
    }
    const image = container.image?.split(':')[0];
    if (image !== `kinora/${p.service}`)
      problems.push(differs(file, `${where} image`, container.image, `kinora/${p.service}`));
    const explicit = (container.env ?? []).map((variable) => variable.name);
    problems.push(
      ...envNameProblems(`${file}: ${where} env`, p, explicit, [
        ...envNames(container),
        ...Object.keys(serviceImageEnv),
      ]),
    );
    problems.push(...mediaMountProblems(`${file}: ${where}`, p, mounts(container)));

    const service = find('Service', p.name);
    if (p.kind === 'service' && !service)
      problems.push(`k8s/base: no Service ${p.name} (${TOPOLOGY}: a service on ${port})`);
    for (const entry of service?.object.spec?.ports ?? []) {
      if (String(entry.port) !== port)
        problems.push(differs(service!.file, `Service ${p.name} port`, entry.port, p.port));
      if (typeof entry.targetPort === 'number' && String(entry.targetPort) !== port) {
        problems.push(differs(service!.file, `Service ${p.name} targetPort`, entry.targetPort, p.port));
      }
    }
  }

  // The gateway and its sidecar.
  const gateway = deploymentOf(GATEWAY, 'the gateway');
  if (gateway) {
    const { file, object } = gateway;
    const containers = object.spec?.template?.spec?.containers ?? [];
    const container = containers.find((c) => c.name === GATEWAY.name);
    if (!container) problems.push(`${file}: Deployment ${GATEWAY.name} has no container ${GATEWAY.name}`);
    else {
      const where = `Deployment ${GATEWAY.name} container ${GATEWAY.name}`;
      const env = Object.fromEntries(
        (container.env ?? []).map((variable) => [variable.name, variable.value]),
      );
      for (const service of SERVICE_NAMES) {
        const name = upstreamVar(service);
        if (env[name] !== upstreamAddress(service))
          problems.push(differs(file, `${where} env ${name}`, env[name], upstreamAddress(service)));
      }
      const containerPorts = (container.ports ?? []).map((entry) => String(entry.containerPort));
      if (containerPorts.join(',') !== String(GATEWAY.port)) {
        problems.push(
          differs(
            file,
            `${where} containerPort`,
            containerPorts.join(',') || undefined,
            String(GATEWAY.port),
          ),
        );
      }
      if (env.LISTEN_PORT !== undefined && env.LISTEN_PORT !== String(GATEWAY.port)) {
        problems.push(differs(file, `${where} env LISTEN_PORT`, env.LISTEN_PORT, String(GATEWAY.port)));
      }
      const known = new Set<string>([...GATEWAY_VAR_NAMES, ...GATEWAY.env]);
      for (const name of Object.keys(env).filter((name) => !known.has(name))) {
        problems.push(
          `${file}: ${where} env sets ${name}, which neither ${TOPOLOGY} nor gateway/render.ts knows`,
        );
      }
      problems.push(
        ...envNameProblems(
          `${file}: ${where} env`,
          GATEWAY,
          Object.keys(env),
          [...envNames(container), ...Object.keys(gatewayImageEnv)],
          false,
        ),
      );
      problems.push(...mediaMountProblems(`${file}: ${where}`, GATEWAY, mounts(container)));
    }
    const service = find('Service', GATEWAY.name);
    for (const entry of service?.object.spec?.ports ?? []) {
      if (typeof entry.targetPort === 'number' && entry.targetPort !== GATEWAY.port) {
        problems.push(
          differs(service!.file, `Service ${GATEWAY.name} targetPort`, entry.targetPort, GATEWAY.port),
        );
      }
    }
  }
  for (const sidecar of SIDECARS) {
    const host = find('Deployment', sidecar.beside);
    const container = host?.object.spec?.template?.spec?.containers?.find((c) => c.name === sidecar.name);
    if (!host || !container) {
      problems.push(
        `k8s/base: no container ${sidecar.name} in Deployment ${sidecar.beside} (${TOPOLOGY}: beside it)`,
      );
      continue;
    }
    const names = (container.env ?? []).map((variable) => variable.name);
    problems.push(
      ...envNameProblems(
        `${host.file}: Deployment ${sidecar.beside} container ${sidecar.name} env`,
        sidecar,
        names,
        envNames(container),
      ),
    );
  }

  problems.push(...networkPolicyProblems(objects));

  // The platform's addresses: kinora-config and kinora-secrets.
  const config = find('ConfigMap', 'kinora-config');
  if (config)
    problems.push(...platformAddressProblems(`${config.file}: kinora-config`, config.object.data ?? {}));
  if (secret) {
    problems.push(...platformAddressProblems(`${secret.file}: kinora-secrets`, secretData));
    for (const service of SERVICE_NAMES) {
      const key = `${service.toUpperCase()}_DATABASE_URL`;
      const url = secretData[key];
      const database = url === undefined ? undefined : databaseIn(url);
      if (database !== databaseOf(service))
        problems.push(differs(secret.file, `kinora-secrets ${key} database`, database, databaseOf(service)));
      if (url !== undefined && portOf(url) !== String(PLATFORM.postgres)) {
        problems.push(
          differs(secret.file, `kinora-secrets ${key}'s port`, portOf(url), String(PLATFORM.postgres)),
        );
      }
    }
  }
  return problems;
}

/** The pods a selector picks by name: the names in matchLabels or an `In` expression on the name label. */
function selectedNames(selector: K8sSelector | undefined): string[] {
  const byLabel = selector?.matchLabels?.[NAME_LABEL];
  const byExpression = (selector?.matchExpressions ?? [])
    .filter((expression) => expression.key === NAME_LABEL && expression.operator === 'In')
    .flatMap((expression) => expression.values ?? []);
  return [...(byLabel ? [byLabel] : []), ...byExpression];
}

function networkPolicyProblems(objects: readonly Located[]): string[] {
  const problems: string[] = [];
  const policies = objects.filter(
    ({ file, object }) => object.kind === 'NetworkPolicy' && /network-policies[^/]*\.yaml$/.test(file),
  );
  const portOfProcess = (name: string) => {
    const p = processNamed(name);
    return p && 'port' in p ? p.port : undefined;
  };
  const rulePorts = (rule: K8sPolicyRule) => (rule.ports ?? []).map((entry) => String(entry.port));
  const reached = new Map<string, Set<string>>();

  for (const { file, object } of policies) {
    const policy = object.metadata?.name ?? '?';
    const spec = object.spec ?? {};
    // In: a process's pods are reached on its port.
    for (const name of selectedNames(spec.podSelector)) {
      const port = portOfProcess(name);
      if (port === undefined) continue;
      for (const rule of spec.ingress ?? []) {
        for (const actual of rulePorts(rule).filter((actual) => actual !== String(port))) {
          problems.push(
            differs(file, `NetworkPolicy ${policy} ingress port to ${name}`, actual, String(port)),
          );
        }
        for (const from of (rule.from ?? []).flatMap((peer) => selectedNames(peer.podSelector))) {
          if (!rulePorts(rule).includes(String(port))) continue;
          reached.set(name, (reached.get(name) ?? new Set()).add(from));
        }
      }
    }
    // Out: a process's pods are reached on its port.
    for (const rule of spec.egress ?? []) {
      for (const name of (rule.to ?? []).flatMap((peer) => selectedNames(peer.podSelector))) {
        const port = portOfProcess(name);
        if (port === undefined) continue;
        for (const actual of rulePorts(rule).filter((actual) => actual !== String(port))) {
          problems.push(
            differs(file, `NetworkPolicy ${policy} egress port to ${name}`, actual, String(port)),
          );
        }
      }
    }
  }
  // The gateway's way to every service: its egress and the service's ingress.
  const gatewayEgress = new Set(
    policies
      .filter(({ object }) => selectedNames(object.spec?.podSelector).includes(GATEWAY.name))
      .flatMap(({ object }) =>
        (object.spec?.egress ?? []).flatMap((rule) =>
          (rule.to ?? []).flatMap((peer) => selectedNames(peer.podSelector)),
        ),
      ),
  );
  for (const service of SERVICE_NAMES) {
    if (!gatewayEgress.has(service))
      problems.push(`k8s/base/network-policies.yaml: no egress lets the gateway reach ${service}`);
    if (!reached.get(service)?.has(GATEWAY.name)) {
      problems.push(
        `k8s/base/network-policies.yaml: no ingress lets the gateway reach ${service} on ${serviceProcess(service).port}`,
      );
    }
  }
  const gatewayIn = policies
    .filter(({ object }) => selectedNames(object.spec?.podSelector).includes(GATEWAY.name))
    .flatMap(({ object }) => (object.spec?.ingress ?? []).flatMap(rulePorts));
  if (!gatewayIn.includes(String(GATEWAY.port))) {
    problems.push(
      `k8s/base/network-policies.yaml: no ingress lets clients reach the gateway on ${GATEWAY.port}`,
    );
  }

  // The platform: each egress policy on its port; mail to the processes that send it.
  const platform: Record<string, number> = {
    'postgres-egress': PLATFORM.postgres,
    'redis-egress': PLATFORM.redis,
    'kafka-egress': PLATFORM.kafka.broker,
    'otel-egress': PLATFORM.otelCollector,
  };
  for (const [name, port] of Object.entries(platform)) {
    const found = policies.find(({ object }) => object.metadata?.name === name);
    const ports = (found?.object.spec?.egress ?? []).flatMap(rulePorts);
    if (ports.join(',') !== String(port))
      problems.push(
        differs(
          found?.file ?? 'k8s/base/network-policies-platform.yaml',
          `NetworkPolicy ${name} ports`,
          ports.join(',') || undefined,
          String(port),
        ),
      );
  }
  const smtp = policies.find(({ object }) => object.metadata?.name === 'smtp-egress');
  const senders = sortedSet(APPS.filter((p) => p.mail).map((p) => p.name));
  const selected = sortedSet(selectedNames(smtp?.object.spec?.podSelector));
  if (selected.join(',') !== senders.join(',')) {
    problems.push(
      differs(
        smtp?.file ?? 'k8s/base/network-policies-platform.yaml',
        'NetworkPolicy smtp-egress pods',
        selected.join(',') || undefined,
        `${senders.join(',')} (the processes that send mail)`,
      ),
    );
  }
  return problems;
}

// ------------------------------------------------------------------ inputs

const loadCompose = (): ComposeFile => parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
const serviceImageEnv = (): Env => dockerfileEnv(read('services/Dockerfile'));
const gatewayImageEnv = (): Env => dockerfileEnv(read('gateway/Dockerfile'));
const composeInputs = (compose = loadCompose()): ComposeInputs => ({
  compose,
  serviceImageEnv: serviceImageEnv(),
  gatewayImageEnv: gatewayImageEnv(),
  seedCallsApi: (service) => {
    const path = `services/${service}/src/seed.ts`;
    return existsSync(join(root, path)) && /\bseedApiUrl\(/.test(read(path));
  },
});
const report = (problems: string[]) => `\n  ${problems.join('\n  ')}\n`;

// ------------------------------------------------------------------ tests

describe('the topology (infra/topology.ts)', () => {
  it('names each process once and gives each port to one owner, local replicas included', () => {
    const problems = topologyProblems();
    assert.deepEqual(problems, [], report(problems));
  });

  it("agrees with each service's config schema", () => {
    const problems = schemaProblems();
    assert.deepEqual(problems, [], report(problems));
  });

  it('puts local replicas at 10 above each other: ads 3014, 3024, …', () => {
    const ads = serviceProcess('ads').port;
    assert.deepEqual(
      [1, 2, 3].map((n) => replicaPort('ads', n)),
      [ads, ads + 10, ads + 20],
    );
  });

  it('runs every worker on its service, which has a src/worker.ts', () => {
    for (const worker of WORKERS) {
      assert.ok(
        existsSync(join(root, 'services', worker.service, 'src', 'worker.ts')),
        `${worker.name}: no services/${worker.service}/src/worker.ts`,
      );
    }
  });
});

describe('files checked against the topology', () => {
  it('docker-compose.yml', () => {
    const problems = composeProblems(composeInputs());
    assert.deepEqual(problems, [], report(problems));
  });

  it('gateway/Dockerfile', () => {
    const problems = gatewayDockerfileProblems(read('gateway/Dockerfile'));
    assert.deepEqual(problems, [], report(problems));
  });

  it('gateway/nginx.conf.template', () => {
    const problems = nginxTemplateProblems(read('gateway/nginx.conf.template'));
    assert.deepEqual(problems, [], report(problems));
  });

  it('infra/compose/postgres-init.sql', () => {
    const problems = postgresInitProblems(read('infra/compose/postgres-init.sql'));
    assert.deepEqual(problems, [], report(problems));
  });

  it('k8s/base', () => {
    const problems = k8sProblems(loadK8sBase(), serviceImageEnv(), gatewayImageEnv());
    assert.deepEqual(problems, [], report(problems));
  });
});

describe('the checks report what disagrees', () => {
  const mutated = (change: (compose: ComposeFile) => void): string[] => {
    const compose = structuredClone(loadCompose());
    change(compose);
    return composeProblems(composeInputs(compose));
  };
  const ads = serviceProcess('ads');
  const baseline = composeProblems(composeInputs());
  const added = (problems: string[]) => problems.filter((problem) => !baseline.includes(problem));

  it("a wrong port in compose's ads environment", () => {
    const problems = added(
      mutated((compose) => {
        compose.services.ads.environment = {
          ...composeEnv(compose.services.ads),
          PORT: String(ads.port + 1),
        };
      }),
    );
    assert.deepEqual(problems, [
      `docker-compose.yml: services.ads.environment.PORT is "${ads.port + 1}", ${TOPOLOGY} says "${ads.port}"`,
    ]);
  });

  it("a wrong port in ads' build arguments and in the gateway's ADS_UPSTREAM", () => {
    const problems = added(
      mutated((compose) => {
        const build = compose.services.ads.build as { args: Record<string, string> };
        build.args = { ...build.args, PORT: '3014' };
        compose.services.gateway.environment = {
          ...composeEnv(compose.services.gateway),
          ADS_UPSTREAM: 'ads:3014',
        };
      }),
    );
    assert.deepEqual(problems, [
      `docker-compose.yml: services.ads.build.args.PORT is "3014", ${TOPOLOGY} says "${ads.port}"`,
      `docker-compose.yml: services.gateway.environment.ADS_UPSTREAM is "ads:3014", ${TOPOLOGY} says "ads:${ads.port}"`,
    ]);
  });

  it('a secret given to the wrong service, and one taken from the service that needs it', () => {
    const problems = added(
      mutated((compose) => {
        const social = composeEnv(compose.services.social);
        const { ADS_TOKEN_KEY: key, ...adsEnv } = composeEnv(compose.services.ads);
        compose.services.social.environment = { ...social, ADS_TOKEN_KEY: key ?? 'x' };
        compose.services.ads.environment = adsEnv;
      }),
    );
    assert.deepEqual(problems, [
      `docker-compose.yml: services.social.environment sets ADS_TOKEN_KEY, which ${TOPOLOGY} does not list for social`,
      `docker-compose.yml: services.ads.environment lacks ADS_TOKEN_KEY, which ${TOPOLOGY} says ads needs`,
    ]);
  });

  it('a wrong port in a k8s Deployment, Service and NetworkPolicy', () => {
    const objects = structuredClone(loadK8sBase());
    const baselineK8s = k8sProblems(loadK8sBase(), serviceImageEnv(), gatewayImageEnv());
    const deployment = objects.find(
      ({ object }) => object.kind === 'Deployment' && object.metadata?.name === 'ads',
    )!;
    deployment.object.spec!.template!.spec!.containers!.find((c) => c.name === 'ads')!.ports = [
      { name: 'http', containerPort: 3007 },
    ];
    const service = objects.find(
      ({ object }) => object.kind === 'Service' && object.metadata?.name === 'ads',
    )!;
    service.object.spec!.ports = [{ port: 3007, targetPort: 'http' }];
    const policy = objects.find(({ object }) => object.metadata?.name === 'gateway-egress')!;
    for (const rule of policy.object.spec!.egress!) {
      if (rule.to?.some((peer) => selectedNames(peer.podSelector).includes('ads')))
        rule.ports = [{ port: 3007 }];
    }
    const problems = k8sProblems(objects, serviceImageEnv(), gatewayImageEnv()).filter(
      (problem) => !baselineK8s.includes(problem),
    );
    assert.deepEqual(problems, [
      `${deployment.file}: Deployment ads container ads containerPort is "3007", ${TOPOLOGY} says "${ads.port}"`,
      `${service.file}: Service ads port is 3007, ${TOPOLOGY} says ${ads.port}`,
      `${policy.file}: NetworkPolicy gateway-egress egress port to ads is "3007", ${TOPOLOGY} says "${ads.port}"`,
    ]);
  });
});
