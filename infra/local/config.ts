// The local runner's single source of configuration: paths, ports, databases and the
// environment each process gets. Everything in infra/local imports from here. The topology (which
// processes, their ports, what each needs from its environment) comes from infra/topology.ts;
// this file adds what is local: paths, hosts, and the local value of each variable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as topology from '../topology';
import {
  GATEWAY,
  LOCAL_HOST,
  LOCAL_REPLICAS,
  PLATFORM,
  databaseOf,
  processNamed,
  replicaPort,
  type AppEnvName,
  type ServiceName,
} from '../topology';

export type { ServiceName } from '../topology';

export const ROOT = resolve(__dirname, '..', '..');
export const RUN_DIR = join(ROOT, '.run');
export const LOG_DIR = join(RUN_DIR, 'logs');
export const PID_DIR = join(RUN_DIR, 'pids');
export const MEDIA_ROOT = join(RUN_DIR, 'media');
export const NGINX_PREFIX = join(RUN_DIR, 'nginx');
export const NGINX_CONF_DIR = join(NGINX_PREFIX, 'conf');
export const CACHE_DIR = join(ROOT, '.cache');

export const HOST = LOCAL_HOST;
export const GATEWAY_PORT = GATEWAY.port;
export const PUBLIC_URL = `http://localhost:${GATEWAY_PORT}`;
/** Checked after start-up; 127.0.0.1 because "localhost" may resolve to ::1 first. */
export const GATEWAY_HEALTH_URL = `http://${HOST}:${GATEWAY_PORT}/api/health`;

export const KAFKA = {
  /** Newest 3.9.x on Maven Central; must match <kafka.version> in infra/kafka/pom.xml. */
  version: '3.9.2',
  brokerPort: PLATFORM.kafka.broker,
  controllerPort: PLATFORM.kafka.controller,
  brokers: `${HOST}:${PLATFORM.kafka.broker}`,
  pom: join(ROOT, 'infra', 'kafka', 'pom.xml'),
  serverTemplate: join(ROOT, 'infra', 'kafka', 'server.properties'),
  log4j: join(ROOT, 'infra', 'kafka', 'log4j.properties'),
  libsDir: join(CACHE_DIR, 'kafka', 'libs'),
  /** Written after a complete fetch; holds the pom's hash so editing the pom refetches. */
  libsMarker: join(CACHE_DIR, 'kafka', 'libs', '.complete'),
  runDir: join(RUN_DIR, 'kafka'),
  dataDir: join(RUN_DIR, 'kafka', 'data'),
  serverProperties: join(RUN_DIR, 'kafka', 'server.properties'),
  /**
   * A fixed heap, committed and touched at start (as Kafka's own operations guide sets its brokers):
   * the broker's memory is its full size from the start instead of growing towards -Xmx under load,
   * which the soak's RSS check read as growth.
   */
  heapOpts: ['-Xmx512m', '-Xms512m', '-XX:+AlwaysPreTouch'],
  jvmOpts: [
    '-XX:+UseG1GC',
    '-XX:MaxGCPauseMillis=20',
    '-XX:InitiatingHeapOccupancyPercent=35',
    '-XX:+ExplicitGCInvokesConcurrent',
    '-XX:MaxMetaspaceSize=256m',
    '-XX:ReservedCodeCacheSize=64m',
    '-Djava.awt.headless=true',
  ],
  topicPartitions: 3,
  topicReplicationFactor: 1,
} as const;

export const MAILDEV = {
  version: '2.2.1',
  smtpPort: PLATFORM.maildev.smtp,
  webPort: PLATFORM.maildev.web,
  bin: join(ROOT, 'node_modules', 'maildev', 'bin', 'maildev'),
  apiUrl: `http://${HOST}:${PLATFORM.maildev.web}/email`,
} as const;

/**
 * The keys that sign session cookies, shared by auth and the gateway: SESSION_SIGNING_KEYS when
 * set, else one made for this checkout on first use and kept in .run (so `make down && make up`
 * keeps everyone signed in).
 */
export function sessionSigningKeys(): string {
  if (process.env.SESSION_SIGNING_KEYS) return process.env.SESSION_SIGNING_KEYS;
  const file = join(RUN_DIR, 'session-signing-key');
  if (!existsSync(file)) {
    mkdirSync(RUN_DIR, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** How long the gateway trusts a signed session cookie on its own (auth's default unless set). */
export const SESSION_TOKEN_TTL_SECONDS = process.env.SESSION_TOKEN_TTL_SECONDS ?? '600';

export const POSTGRES_URL =
  process.env.KINORA_POSTGRES_URL ?? `postgres://postgres@${HOST}:${PLATFORM.postgres}`;
export const REDIS_URL = process.env.KINORA_REDIS_URL ?? `redis://${HOST}:${PLATFORM.redis}`;
export const SMTP_URL = `smtp://${HOST}:${MAILDEV.smtpPort}`;

/**
 * Databases are named <prefix><service>: "kinora_" normally; `make test` gives its throw-away
 * platform a prefix of its own so it never meets data an earlier run left in the shared server.
 */
export const DB_PREFIX = (() => {
  const prefix = process.env.KINORA_DB_PREFIX ?? 'kinora_';
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(prefix))
    throw new Error(`KINORA_DB_PREFIX must be lower-case letters, digits and _`);
  return prefix;
})();

export interface ServiceSpec {
  name: ServiceName;
  port: number;
  database: string;
}

export const SERVICES: readonly ServiceSpec[] = topology.SERVICES.map((p) => ({
  name: p.service,
  port: p.port,
  database: databaseOf(p.service, DB_PREFIX),
}));

export interface WorkerSpec {
  /** Process name: log file, pid file. */
  name: string;
  service: ServiceName;
  port: number;
}

export const WORKERS: readonly WorkerSpec[] = topology.WORKERS.map(({ name, service, port }) => ({
  name,
  service,
  port,
}));

/**
 * Extra replicas of a service (ops scale ads on its own): ADS_REPLICAS=n (1 to 4, default 1) runs
 * n ads processes, the second on 3014, the third on 3024, … (topology.replicaPort), all behind the
 * gateway's ads upstream.
 */
export interface ReplicaSpec {
  name: string;
  service: ServiceName;
  port: number;
}

export const REPLICAS: readonly ReplicaSpec[] = LOCAL_REPLICAS.services.flatMap((service) => {
  const variable = `${service.toUpperCase()}_REPLICAS`;
  const count = Number(process.env[variable] ?? '1');
  if (!Number.isInteger(count) || count < 1 || count > LOCAL_REPLICAS.max)
    throw new Error(`${variable} must be 1 to ${LOCAL_REPLICAS.max}`);
  return Array.from({ length: count - 1 }, (_, i) => ({
    name: `${service}-${i + 2}`,
    service,
    port: replicaPort(service, i + 2),
  }));
});

/** The gateway's upstream of a service: its port and its replicas', comma-separated (gateway/render.ts). */
export function upstreamOf(service: ServiceName): string {
  const spec = SERVICES.find((s) => s.name === service)!;
  return [spec, ...REPLICAS.filter((r) => r.service === service)].map((s) => `${HOST}:${s.port}`).join(',');
}

export const DATABASES: readonly string[] = SERVICES.map((s) => s.database);

export function serviceDir(service: ServiceName): string {
  return join(ROOT, 'services', service);
}

export function serviceEntry(service: ServiceName, entry: 'main' | 'migrate' | 'worker' | 'seed'): string {
  return join(serviceDir(service), 'dist', 'src', `${entry}.js`);
}

export function databaseUrl(database: string): string {
  return `${POSTGRES_URL}/${database}`;
}

/**
 * The local value of each variable a service or worker needs beyond the common, mail and media
 * ones (topology AppProcess.env); undefined leaves it unset. Secrets keep their service's
 * development default, which the services refuse only in production.
 */
const LOCAL_ENV: Record<AppEnvName, () => string | undefined> = {
  // Unset means "no one".
  ADMIN_EMAILS: () => process.env.ADMIN_EMAILS || undefined,
  AUTH_SECRET: () => undefined,
  SESSION_SIGNING_KEYS: sessionSigningKeys,
  SESSION_TOKEN_TTL_SECONDS: () => SESSION_TOKEN_TTL_SECONDS,
  ADS_TOKEN_KEY: () => undefined,
  VIEWING_SESSION_KEY: () => undefined,
};

/**
 * The environment of a service's process on `port`: its API (and replicas, migrations, seed) or,
 * with `processName`, its worker. What it holds beyond the common set is the topology's.
 */
export function serviceEnv(
  service: ServiceName,
  port: number,
  processName: string = service,
): NodeJS.ProcessEnv {
  const spec = SERVICES.find((s) => s.name === service);
  if (!spec) throw new Error(`unknown service ${service}`);
  const proc = processNamed(processName);
  if (!proc || !('service' in proc) || proc.service !== service)
    throw new Error(`${processName} is not a process of ${service}`);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    HOST,
    PORT: String(port),
    DATABASE_URL: databaseUrl(spec.database),
    REDIS_URL,
    REDIS_PREFIX: process.env.REDIS_PREFIX ?? 'kinora:',
    KAFKA_BROKERS: KAFKA.brokers,
    KAFKA_TOPIC_PREFIX: process.env.KAFKA_TOPIC_PREFIX ?? '',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  // Passed through only when set: unset means "off" (tracing), "no one" (admins) or the
  // process's own default (its tunables).
  for (const name of ['NODE_ENV', 'OTEL_EXPORTER_OTLP_ENDPOINT', ...proc.tunables]) {
    if (process.env[name]) env[name] = process.env[name];
  }
  if (proc.mail) {
    env.SMTP_URL = SMTP_URL;
    env.PUBLIC_URL = PUBLIC_URL;
  }
  for (const name of proc.env as readonly AppEnvName[]) {
    const value = LOCAL_ENV[name]();
    if (value !== undefined) env[name] = value;
  }
  // Film sources and uploads (proc.studio) default to directories beside MEDIA_ROOT.
  if (proc.media !== 'none') env.MEDIA_ROOT = MEDIA_ROOT;
  return env;
}

/** Every port a `make up` process listens on; `down` checks they are all free afterwards. */
export function ownedPorts(): { port: number; owner: string }[] {
  return [
    { port: GATEWAY_PORT, owner: 'nginx' },
    ...SERVICES.map((s) => ({ port: s.port, owner: s.name })),
    ...REPLICAS.map((r) => ({ port: r.port, owner: r.name })),
    ...WORKERS.map((w) => ({ port: w.port, owner: w.name })),
    { port: KAFKA.brokerPort, owner: 'kafka' },
    { port: KAFKA.controllerPort, owner: 'kafka' },
    { port: MAILDEV.smtpPort, owner: 'maildev' },
    { port: MAILDEV.webPort, owner: 'maildev' },
  ];
}
