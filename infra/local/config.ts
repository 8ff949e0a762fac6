// The local runner's single source of configuration: paths, ports, databases and the
// environment each process gets. Everything in infra/local imports from here; the runtime
// contract (ports, database names, env names) is written down once, in this file.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');
export const RUN_DIR = join(ROOT, '.run');
export const LOG_DIR = join(RUN_DIR, 'logs');
export const PID_DIR = join(RUN_DIR, 'pids');
export const MEDIA_ROOT = join(RUN_DIR, 'media');
export const NGINX_PREFIX = join(RUN_DIR, 'nginx');
export const NGINX_CONF_DIR = join(NGINX_PREFIX, 'conf');
export const CACHE_DIR = join(ROOT, '.cache');

export const HOST = '127.0.0.1';
export const GATEWAY_PORT = 8080;
export const PUBLIC_URL = `http://localhost:${GATEWAY_PORT}`;
/** Checked after start-up; 127.0.0.1 because "localhost" may resolve to ::1 first. */
export const GATEWAY_HEALTH_URL = `http://${HOST}:${GATEWAY_PORT}/api/health`;

export const KAFKA = {
  /** Newest 3.9.x on Maven Central; must match <kafka.version> in infra/kafka/pom.xml. */
  version: '3.9.2',
  brokerPort: 9092,
  controllerPort: 9093,
  brokers: `${HOST}:9092`,
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
  smtpPort: 1025,
  webPort: 1080,
  bin: join(ROOT, 'node_modules', 'maildev', 'bin', 'maildev'),
  apiUrl: `http://${HOST}:1080/email`,
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

export const POSTGRES_URL = process.env.KINORA_POSTGRES_URL ?? `postgres://postgres@${HOST}:5432`;
export const REDIS_URL = process.env.KINORA_REDIS_URL ?? `redis://${HOST}:6379`;
export const SMTP_URL = `smtp://${HOST}:${MAILDEV.smtpPort}`;

export type ServiceName = 'auth' | 'catalog' | 'social' | 'ads' | 'analytics' | 'admin';

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

export const SERVICES: readonly ServiceSpec[] = [
  { name: 'auth', port: 3001, database: `${DB_PREFIX}auth` },
  { name: 'catalog', port: 3002, database: `${DB_PREFIX}catalog` },
  { name: 'social', port: 3003, database: `${DB_PREFIX}social` },
  { name: 'ads', port: 3004, database: `${DB_PREFIX}ads` },
  { name: 'analytics', port: 3005, database: `${DB_PREFIX}analytics` },
  { name: 'admin', port: 3006, database: `${DB_PREFIX}admin` },
];

export interface WorkerSpec {
  /** Process name: log file, pid file. */
  name: string;
  service: ServiceName;
  port: number;
}

export const WORKERS: readonly WorkerSpec[] = [
  { name: 'catalog-worker', service: 'catalog', port: 3102 },
  { name: 'analytics-worker', service: 'analytics', port: 3105 },
];

/**
 * Extra replicas of a service (ops scale ads on its own): ADS_REPLICAS=n (1 to 4, default 1) runs
 * n ads processes, the second on 3014, the third on 3024, …, all behind the gateway's ads upstream.
 */
export interface ReplicaSpec {
  name: string;
  service: ServiceName;
  port: number;
}

export const REPLICAS: readonly ReplicaSpec[] = (() => {
  const count = Number(process.env.ADS_REPLICAS ?? '1');
  if (!Number.isInteger(count) || count < 1 || count > 4) throw new Error('ADS_REPLICAS must be 1 to 4');
  return Array.from({ length: count - 1 }, (_, i) => ({
    name: `ads-${i + 2}`,
    service: 'ads',
    port: 3014 + 10 * i,
  }));
})();

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

/** The environment of a service's API process, its migrations and its worker (with `port`). */
export function serviceEnv(service: ServiceName, port: number): NodeJS.ProcessEnv {
  const spec = SERVICES.find((s) => s.name === service);
  if (!spec) throw new Error(`unknown service ${service}`);
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
  // Passed through only when set: unset means "off" (tracing) or "no one" (admins).
  for (const name of ['NODE_ENV', 'OTEL_EXPORTER_OTLP_ENDPOINT']) {
    if (process.env[name]) env[name] = process.env[name];
  }
  if (service === 'auth' || service === 'social' || service === 'admin') {
    env.SMTP_URL = SMTP_URL;
    env.PUBLIC_URL = PUBLIC_URL;
  }
  if (service === 'auth') {
    if (process.env.ADMIN_EMAILS) env.ADMIN_EMAILS = process.env.ADMIN_EMAILS;
    env.SESSION_SIGNING_KEYS = sessionSigningKeys();
    env.SESSION_TOKEN_TTL_SECONDS = SESSION_TOKEN_TTL_SECONDS;
  }
  // catalog writes films and posters, auth uploaded avatars, ads its creatives.
  if (service === 'catalog' || service === 'auth' || service === 'ads') env.MEDIA_ROOT = MEDIA_ROOT;
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
