import { z } from 'zod';

/** Variables every process of every service reads. Services extend this schema with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535),
  DATABASE_URL: z
    .string()
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL'),
  REDIS_URL: z
    .string()
    .url()
    .refine((url) => /^rediss?:\/\//.test(url), 'must be a redis:// URL'),
  REDIS_PREFIX: z.string().default('kinora:'),
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((value) => value.split(',').map((broker) => broker.trim()))
    .refine(
      (brokers) => brokers.every((broker) => /^[^\s:]+:\d+$/.test(broker)),
      'must be host:port[,host:port]',
    ),
  /** Prefixes every topic and consumer group; tests use it to stay apart from a running platform. */
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  KAFKA_COMMIT_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** How long the group waits for a silent member (a killed consumer) before reassigning its partitions. */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6000).default(30000),
  /**
   * How long the broker holds an idle consumer's fetch before answering it empty (a message ends
   * the wait at once). kafkajs heartbeats between fetches, so a longer wait also slows how soon a
   * rebalance is noticed; capped at a third of KAFKA_SESSION_TIMEOUT_MS.
   */
  KAFKA_FETCH_MAX_WAIT_MS: z.coerce.number().int().min(100).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(15000),
  /**
   * Sampling interval of the event-loop delay histogram (nodejs_eventloop_lag_{min,max,mean,
   * stddev,p50,p90,p99}_seconds). Each sample wakes the process; Node records the time between
   * samples, so an idle loop reads about this value and a pause this long or longer is never missed.
   */
  METRICS_EVENT_LOOP_RESOLUTION_MS: z.coerce.number().int().min(1).default(50),
  /** The relay's safety-net pass (it wakes when a transaction of its process adds a row). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(10_000),
  /** How often the service checks whether its tables need the vacuum its server is not running. */
  TABLE_UPKEEP_MS: z.coerce.number().int().min(100).default(60_000),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Validates the environment once at boot; the error lists every bad variable, not only the first. */
export function loadConfig<S extends z.ZodTypeAny>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/** Injection token for the validated configuration object of the running service. */
export const CONFIG = Symbol('KINORA_CONFIG');
/** Injection token for the service's name ("auth", "catalog", ...). */
export const SERVICE_NAME = Symbol('KINORA_SERVICE_NAME');
