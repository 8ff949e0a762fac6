/**
 * Kinora's topology, written once: every process (the six services, the two workers, the gateway
 * and the identity-marks sidecar beside it), its HTTP port, what it needs from its environment, and
 * the ports of the platform they use.
 *
 * The local runner (infra/local/config.ts) and the gateway's local defaults (gateway/render.ts) are
 * made from it; docker-compose.yml, gateway/Dockerfile, infra/compose/postgres-init.sql and
 * k8s/base are checked against it by infra/test/topology.test.ts (`make test`), which names each
 * file and value that disagrees. To add a service, add it here first, then follow the test.
 *
 * Data and small rules only: no imports, nothing read from the environment.
 */

export const SERVICE_NAMES = ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * service: a service's API process (HTTP and Kafka consumers); worker: its BullMQ process, on the
 * same image; gateway: nginx, the only way in; sidecar: a helper process beside another (same pod).
 */
export type ProcessKind = 'service' | 'worker' | 'gateway' | 'sidecar';

/** What a process does with the media volume (MEDIA_ROOT, served by the gateway at /media/). */
export type MediaAccess = 'none' | 'read' | 'write';

/** A service's API process or its worker: runs the service's code and image, owns its database. */
export interface AppProcess {
  readonly name: string;
  readonly kind: 'service' | 'worker';
  readonly service: ServiceName;
  /** HTTP port: the API (services), /health and /metrics (both). */
  readonly port: number;
  /** Sends mail: SMTP_URL, and PUBLIC_URL for the links in it. */
  readonly mail: boolean;
  /** MEDIA_ROOT: films and posters (catalog, its worker), avatars (auth); ads lists its creatives. */
  readonly media: MediaAccess;
  /** Film sources and resumable uploads (SOURCE_ROOT, UPLOAD_ROOT; default: beside MEDIA_ROOT). */
  readonly studio: boolean;
  /** Runs ffmpeg, so its image is built with MEDIA_TOOLS. */
  readonly ffmpeg: boolean;
  /**
   * Variables it needs beyond COMMON_ENV and those of mail/media: the ones its config schema
   * (services/<service>/src/config.ts) has no usable default for in a deployment, secrets included.
   */
  readonly env: readonly string[];
  /** Optional settings a deployment may give it (its schema has defaults for them). */
  readonly tunables: readonly string[];
}

export interface GatewayProcess {
  readonly name: string;
  readonly kind: 'gateway';
  readonly port: number;
  readonly media: MediaAccess;
  /** Beyond each service's upstream (upstreamVar) and MEDIA_ROOT. */
  readonly env: readonly string[];
}

export interface SidecarProcess {
  readonly name: string;
  readonly kind: 'sidecar';
  /** The process whose pod (or compose project) it runs beside. */
  readonly beside: string;
  /** It serves nothing: no port. Its whole environment. */
  readonly env: readonly string[];
}

export type ProcessSpec = AppProcess | GatewayProcess | SidecarProcess;

const app = {
  mail: false,
  media: 'none',
  studio: false,
  ffmpeg: false,
  env: [],
  tunables: [],
} as const;

/** Every process, services first in port order. */
export const PROCESSES = [
  {
    ...app,
    name: 'auth',
    kind: 'service',
    service: 'auth',
    port: 3001,
    mail: true,
    // Avatars: uploaded, resized with ffmpeg, written under MEDIA_ROOT/avatars.
    media: 'write',
    ffmpeg: true,
    env: ['ADMIN_EMAILS', 'AUTH_SECRET', 'SESSION_SIGNING_KEYS', 'SESSION_TOKEN_TTL_SECONDS'],
    tunables: ['SEND_CODE_LIMIT_PER_IP'],
  },
  {
    ...app,
    name: 'catalog',
    kind: 'service',
    service: 'catalog',
    port: 3002,
    // Receives uploads into the studio, probes them (ffprobe), writes posters.
    media: 'write',
    studio: true,
    ffmpeg: true,
  },
  { ...app, name: 'social', kind: 'service', service: 'social', port: 3003, mail: true },
  // Lists the creatives its seed renders under MEDIA_ROOT/ads.
  { ...app, name: 'ads', kind: 'service', service: 'ads', port: 3004, media: 'read', env: ['ADS_TOKEN_KEY'] },
  {
    ...app,
    name: 'analytics',
    kind: 'service',
    service: 'analytics',
    port: 3005,
    env: ['VIEWING_SESSION_KEY'],
  },
  { ...app, name: 'admin', kind: 'service', service: 'admin', port: 3006, mail: true },
  {
    ...app,
    name: 'catalog-worker',
    kind: 'worker',
    service: 'catalog',
    port: 3102,
    // Transcodes studio sources to HLS under MEDIA_ROOT.
    media: 'write',
    studio: true,
    ffmpeg: true,
    tunables: ['MEDIA_LOCK_MS', 'MEDIA_CONCURRENCY'],
  },
  {
    ...app,
    name: 'analytics-worker',
    kind: 'worker',
    service: 'analytics',
    port: 3105,
    // It loads analytics' config schema, which refuses to start in production without it.
    env: ['VIEWING_SESSION_KEY'],
  },
  {
    name: 'gateway',
    kind: 'gateway',
    port: 8080,
    // Serves /media/.
    media: 'read',
    // The keys auth signs session cookies with (its SESSION_SIGNING_KEYS); the marks identity-marks keeps.
    env: ['KINORA_SESSION_SIGNING_KEYS', 'IDENTITY_MARKS_DIR'],
  },
  {
    name: 'identity-marks',
    kind: 'sidecar',
    beside: 'gateway',
    env: ['REDIS_URL', 'REDIS_PREFIX', 'IDENTITY_MARKS_DIR', 'SESSION_TOKEN_TTL_SECONDS'],
  },
] as const satisfies readonly ProcessSpec[];

export type ProcessName = (typeof PROCESSES)[number]['name'];

/** What every service and worker is given: baseConfigSchema's required variables and shared settings. */
export const COMMON_ENV = [
  'PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'KAFKA_BROKERS',
  'KAFKA_TOPIC_PREFIX',
  'LOG_LEVEL',
] as const;
/** Any service or worker may be given these (unset: their defaults, or tracing off). */
export const COMMON_OPTIONAL_ENV = [
  'NODE_ENV',
  'HOST',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
] as const;
export const MAIL_ENV = ['SMTP_URL', 'PUBLIC_URL'] as const;
export const MAIL_OPTIONAL_ENV = ['MAIL_FROM'] as const;
export const STUDIO_ENV = ['SOURCE_ROOT', 'UPLOAD_ROOT'] as const;

/** A variable some service or worker needs beyond the common, mail and media ones. */
export type AppEnvName = Extract<(typeof PROCESSES)[number], { kind: 'service' | 'worker' }>['env'][number];

/** The ports of what the processes use: the local runner starts Kafka and maildev, compose all five. */
export const PLATFORM = {
  postgres: 5432,
  redis: 6379,
  /** KRaft: the broker's and the controller's listener. */
  kafka: { broker: 9092, controller: 9093 },
  maildev: { smtp: 1025, web: 1080 },
  /** OTLP over HTTP (OTEL_EXPORTER_OTLP_ENDPOINT). */
  otelCollector: 4318,
} as const;

/** Where the local runner's processes listen ("localhost" may resolve to ::1 first). */
export const LOCAL_HOST = '127.0.0.1';

/** Services the local runner can run several of (ADS_REPLICAS), and at most how many. */
export const LOCAL_REPLICAS = { services: ['ads'], max: 4 } as const satisfies {
  services: readonly ServiceName[];
  max: number;
};

// ------------------------------------------------------------------ helpers

const ALL: readonly ProcessSpec[] = PROCESSES;
const isApp = (p: ProcessSpec): p is AppProcess => p.kind === 'service' || p.kind === 'worker';

/** The services' API processes, in port order. */
export const SERVICES: readonly AppProcess[] = ALL.filter(isApp).filter((p) => p.kind === 'service');
export const WORKERS: readonly AppProcess[] = ALL.filter(isApp).filter((p) => p.kind === 'worker');
/** Services and workers. */
export const APPS: readonly AppProcess[] = ALL.filter(isApp);
export const GATEWAY: GatewayProcess = ALL.find((p): p is GatewayProcess => p.kind === 'gateway')!;
export const SIDECARS: readonly SidecarProcess[] = ALL.filter(
  (p): p is SidecarProcess => p.kind === 'sidecar',
);

export function processNamed(name: string): ProcessSpec | undefined {
  return ALL.find((p) => p.name === name);
}

/** A service's API process. */
export function serviceProcess(service: ServiceName): AppProcess {
  return SERVICES.find((p) => p.service === service)!;
}

/** Its database: one per service, shared by its worker. `make test` uses another prefix. */
export function databaseOf(service: ServiceName, prefix = 'kinora_'): string {
  return `${prefix}${service}`;
}

export type UpstreamVar = `${Uppercase<ServiceName>}_UPSTREAM`;

/** The gateway's variable holding a service's address(es): ADS_UPSTREAM. */
export function upstreamVar(service: ServiceName): UpstreamVar {
  return `${service.toUpperCase() as Uppercase<ServiceName>}_UPSTREAM`;
}
export const UPSTREAM_VARS: readonly UpstreamVar[] = SERVICE_NAMES.map(upstreamVar);

/** A service's address on a host: `ads:3004` in compose and k8s (its name), `127.0.0.1:3004` locally. */
export function upstreamAddress(service: ServiceName, host: string = service): string {
  return `${host}:${serviceProcess(service).port}`;
}

/** The port of a service's replica n (1 is the service itself): ads 3004, 3014, 3024, … */
export function replicaPort(service: ServiceName, replica: number): number {
  return serviceProcess(service).port + 10 * (replica - 1);
}

/** Whether a service's image carries ffmpeg (the MEDIA_TOOLS build argument): one of its processes runs it. */
export function mediaToolsOf(service: ServiceName): boolean {
  return APPS.some((p) => p.service === service && p.ffmpeg);
}

/** Every variable a process must be given. */
export function requiredEnvOf(p: ProcessSpec): string[] {
  if (p.kind === 'sidecar') return [...p.env];
  if (p.kind === 'gateway')
    return [...UPSTREAM_VARS, ...(p.media === 'none' ? [] : ['MEDIA_ROOT']), ...p.env];
  return [
    ...COMMON_ENV,
    ...(p.mail ? MAIL_ENV : []),
    ...(p.media === 'none' ? [] : ['MEDIA_ROOT']),
    ...p.env,
  ];
}

/** Every variable a process may be given: the required ones and the optional ones. */
export function allowedEnvOf(p: ProcessSpec): string[] {
  if (!isApp(p)) return requiredEnvOf(p);
  return [
    ...requiredEnvOf(p),
    ...COMMON_OPTIONAL_ENV,
    ...(p.mail ? MAIL_OPTIONAL_ENV : []),
    ...(p.studio ? STUDIO_ENV : []),
    ...p.tunables,
  ];
}
