import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
  type DynamicModule,
} from '@nestjs/common';
import { Queue, Worker, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import { SpanKind } from '@opentelemetry/api';
import { Gauge, type Registry } from 'prom-client';
import { CONFIG, type BaseConfig } from '../config/config';
import { MetricsService } from '../metrics/metrics';
import { currentTraceHeaders, inSpan } from '../tracing/tracing';

/**
 * A queue and its typed job map: one job name, one payload type, one handler. Names are listed
 * at runtime too, so a worker can refuse to start when one has no handler.
 */
export interface QueueDefinition<M extends Record<string, object>> {
  name: QueueName;
  jobs: readonly (keyof M & string)[];
}

/**
 * Every BullMQ queue of the platform, by name: each is defined (with its job map) by the service
 * that works it, and admin's jobs view shows them all, so a queue missing here cannot be defined.
 */
export const PLATFORM_QUEUES = ['catalog-media', 'analytics-rollups', 'analytics-recommendations'] as const;
export type QueueName = (typeof PLATFORM_QUEUES)[number];

export function defineQueue<M extends Record<string, object>>(
  name: QueueName,
  jobs: readonly (keyof M & string)[],
): QueueDefinition<M> {
  return { name, jobs };
}

export type JobHandlers<M extends Record<string, object>> = {
  [K in keyof M]: (payload: M[K], job: Job) => Promise<void>;
};

/** What is stored in Redis: the payload plus the trace context of whoever enqueued it. */
interface StoredJob<P> {
  payload: P;
  trace: Record<string, string>;
}

/** Where every queue lives: the service's Redis, keys under REDIS_PREFIX. */
export const queueOptions = (config: BaseConfig) => ({
  connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
  prefix: `${config.REDIS_PREFIX}bull`,
});

const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};

/** Producer side: enqueue typed jobs. */
export class JobQueue<M extends Record<string, object>> {
  readonly queue: Queue;

  constructor(definition: QueueDefinition<M>, config: BaseConfig) {
    this.queue = new Queue(definition.name, queueOptions(config));
  }

  add<K extends keyof M & string>(name: K, payload: M[K], options?: JobsOptions): Promise<Job> {
    const stored: StoredJob<M[K]> = { payload, trace: currentTraceHeaders() };
    return this.queue.add(name, stored, { ...DEFAULT_JOB_OPTIONS, ...options });
  }

  /** Several jobs of one name in one round trip. */
  addMany<K extends keyof M & string>(
    name: K,
    payloads: M[K][],
    options: (payload: M[K]) => JobsOptions,
  ): Promise<Job[]> {
    const trace = currentTraceHeaders();
    return this.queue.addBulk(
      payloads.map((payload) => ({
        name,
        data: { payload, trace } satisfies StoredJob<M[K]>,
        opts: { ...DEFAULT_JOB_OPTIONS, ...options(payload) },
      })),
    );
  }

  /**
   * Runs a job every `everyMs`, once across all the queue's producers: scheduling it
   * again with the same name replaces the schedule rather than adding one.
   */
  schedule<K extends keyof M & string>(name: K, payload: M[K], everyMs: number): Promise<Job> {
    const stored: StoredJob<M[K]> = { payload, trace: {} };
    return this.queue.upsertJobScheduler(
      name,
      { every: everyMs },
      { name, data: stored, opts: { ...DEFAULT_JOB_OPTIONS, attempts: 1, removeOnComplete: true } },
    );
  }

  /** Nest calls this on shutdown for the provider built by queueProvider(). */
  onApplicationShutdown(): Promise<void> {
    return this.queue.close();
  }
}

export function queueProvider<M extends Record<string, object>>(
  token: symbol,
  definition: QueueDefinition<M>,
) {
  return {
    provide: token,
    inject: [CONFIG],
    useFactory: (config: BaseConfig) => new JobQueue<M>(definition, config),
  };
}

export const JOB_HANDLERS = Symbol('KINORA_JOB_HANDLERS');
const JOB_OWNER = Symbol('KINORA_JOB_OWNER');

/** The class a worker registers: its typed handlers, and what to do when a job is given up on. */
export interface JobHandlersOwner<M extends Record<string, object>> {
  handlers(): JobHandlers<M>;
  onGaveUp?(name: string, payload: object, error: Error): Promise<void>;
}
export const QUEUE_DEFINITION = Symbol('KINORA_QUEUE_DEFINITION');
export const QUEUE_WORKER_OPTIONS = Symbol('KINORA_QUEUE_WORKER_OPTIONS');

/**
 * Tuning of a queue's worker. Defaults: concurrency 4 and BullMQ's own (lockDuration 30 s,
 * renewed every lockDuration / 2 while the process lives; stalledInterval 30 s; maxStalledCount 1).
 * A job whose worker died is moved back to waiting once its lock expires, at the next stalled check.
 */
export type QueueWorkerOptions = Pick<
  WorkerOptions,
  'concurrency' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount'
>;

/** The queues each metrics registry reports in its one queue_jobs gauge (a worker may work several). */
const countedQueues = new WeakMap<Registry, Map<QueueName, () => Queue | undefined>>();

function countJobs(registry: Registry, name: QueueName, queue: () => Queue | undefined): void {
  let queues = countedQueues.get(registry);
  if (!queues) {
    const counted = new Map<QueueName, () => Queue | undefined>();
    queues = counted;
    countedQueues.set(registry, counted);
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in the queue by state',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        for (const [name, of] of counted) {
          const counts = await of()?.getJobCounts('waiting', 'active', 'delayed', 'failed');
          for (const [state, value] of Object.entries(counts ?? {})) this.set({ queue: name, state }, value);
        }
      },
    });
  }
  queues.set(name, queue);
}

/** A worker process's processor for one of its queues: dispatches by job name to the typed handlers. */
@Injectable()
export class QueueProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueProcessor.name);
  private worker?: Worker;
  private queue?: Queue;

  constructor(
    @Inject(CONFIG) private readonly config: BaseConfig,
    @Inject(QUEUE_DEFINITION) private readonly definition: QueueDefinition<Record<string, object>>,
    @Inject(JOB_HANDLERS) private readonly handlers: JobHandlers<Record<string, object>>,
    metrics: MetricsService,
    @Inject(JOB_OWNER) private readonly owner: JobHandlersOwner<Record<string, object>>,
    @Optional() @Inject(QUEUE_WORKER_OPTIONS) private readonly options: QueueWorkerOptions = {},
  ) {
    const missing = definition.jobs.filter((name) => typeof handlers[name] !== 'function');
    if (missing.length > 0) {
      throw new Error(`queue ${definition.name}: no handler for job(s) ${missing.join(', ')}`);
    }
    countJobs(metrics.registry, definition.name, () => this.queue);
  }

  onApplicationBootstrap(): void {
    const { connection, prefix } = queueOptions(this.config);
    this.queue = new Queue(this.definition.name, { connection, prefix });
    this.worker = new Worker(
      this.definition.name,
      async (job: Job<StoredJob<object>>) => {
        const handler = this.handlers[job.name];
        if (!handler) throw new Error(`unknown job ${job.name}`);
        // The job continues the trace of the request or event that enqueued it.
        await inSpan(`${this.definition.name} ${job.name}`, job.data.trace ?? {}, SpanKind.CONSUMER, () =>
          handler(job.data.payload, job),
        );
      },
      { concurrency: 4, ...this.options, connection, prefix },
    );
    this.worker.on('failed', (job, error) => {
      this.logger.warn(
        { err: error, job: job?.name, id: job?.id, attempts: job?.attemptsMade },
        'job failed',
      );
      if (job) void this.afterFailure(job as Job<StoredJob<object>>, error);
    });
    this.logger.log(`processing queue ${this.definition.name}: ${this.definition.jobs.join(', ')}`);
  }

  /**
   * A job that will not run again (its last attempt failed, or BullMQ gave up on it after its
   * workers died too often) is reported to the handlers' owner, so it can record the failure.
   */
  private async afterFailure(job: Job<StoredJob<object>>, error: Error): Promise<void> {
    if (!this.owner.onGaveUp) return;
    try {
      if ((await job.getState()) !== 'failed') return;
      await this.owner.onGaveUp(job.name, job.data.payload, error);
    } catch (hookError) {
      this.logger.error({ err: hookError, job: job.name, id: job.id }, 'onGaveUp failed');
    }
  }

  /** Finishes the jobs in hand; a job of a killed worker is stalled and picked up again by BullMQ. */
  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}

/**
 * Wires a worker process's processor: `WorkerModule.forQueue(definition, HandlersClass)`, with
 * optional worker tuning (e.g. `{ concurrency: 1, lockDuration: 30_000 }` for CPU-heavy jobs).
 */
export class WorkerModule {
  static forQueue<M extends Record<string, object>>(
    definition: QueueDefinition<M>,
    handlers: new (...args: never[]) => JobHandlersOwner<M>,
    options: QueueWorkerOptions = {},
  ): DynamicModule {
    return {
      module: WorkerModule,
      providers: [
        handlers,
        { provide: QUEUE_DEFINITION, useValue: definition },
        { provide: QUEUE_WORKER_OPTIONS, useValue: options },
        { provide: JOB_OWNER, useExisting: handlers },
        {
          provide: JOB_HANDLERS,
          inject: [handlers],
          useFactory: (owner: JobHandlersOwner<M>) => owner.handlers(),
        },
        QueueProcessor,
      ],
    };
  }
}
