import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { fromBinary } from '@bufbuild/protobuf';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobQueue, KafkaService, MetricsService, TopicConsumer } from '@kinora/common';
import { topicOf } from '@kinora/proto';
import type { KafkaMessage } from 'kafkajs';
import type { Counter, Registry } from 'prom-client';
import type { Config } from '../config';
import { ROLLUP_QUEUE, type RollupJobs } from './rollups.queue';

/** The (film, day) rollups a stored batch can call for. */
type BucketJob = 'film-day' | 'ad-day';

/** One topic's batch consumer: what it reads, how it stores it, what it queues and counts. */
export interface BucketBatchTopic<Schema extends DescMessage, Row, Job extends BucketJob> {
  schema: Schema;
  /** The consumer group's suffix to the service's group id, e.g. "-ads". */
  groupSuffix: string;
  /** The row an event is stored as; throws when the event is unreadable. */
  rowOf(event: MessageShape<Schema>, message: KafkaMessage): Row;
  /** Stores a batch's rows at once, returning the buckets whose rollups they change. */
  store(rows: Row[]): Promise<Array<RollupJobs[Job]>>;
  job: Job;
  /** A bucket's deduplication key (rollups.queue). */
  keyOf(bucket: RollupJobs[Job]): string;
  /**
   * The counter of events taken, by outcome: `stored` (its name for stored events) or unreadable.
   * Declared by the consumer with its literal name, where the deploy checks read the metrics from.
   */
  counter: { of(registry: Registry): Counter<'outcome'>; stored: string };
  /** The log line of an unreadable event skipped. */
  unreadable: string;
}

/**
 * Consumes one topic in batches (analytics-worker): each batch is stored at once, then a recompute
 * is queued for every bucket it touched, then its offsets are committed. A crash before the commit
 * redelivers the batch: the store skips what it has, and the buckets are queued again. An
 * unreadable event is counted, logged and skipped: a producer's bug to see, not a reason to stop.
 */
export abstract class BucketBatchConsumer<Schema extends DescMessage, Row, Job extends BucketJob>
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger(this.constructor.name);
  private readonly batches: TopicConsumer;
  private readonly rollups: JobQueue<RollupJobs>;
  private readonly consumed: Counter<'outcome'>;

  protected constructor(
    kafka: KafkaService,
    config: Config,
    metrics: MetricsService,
    private readonly topic: BucketBatchTopic<Schema, Row, Job>,
  ) {
    this.batches = new TopicConsumer(kafka, config, metrics, this.logger, kafka.groupId(topic.groupSuffix), [
      topicOf(topic.schema),
    ]);
    this.rollups = new JobQueue(ROLLUP_QUEUE, config);
    this.consumed = topic.counter.of(metrics.registry);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.batches.eachBatch((messages) => this.apply(messages));
    this.logger.log(`consuming ${topicOf(this.topic.schema)} as ${this.batches.groupId}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batches.stop();
    await this.rollups.onApplicationShutdown();
  }

  /** Stores one batch and queues the recomputes it calls for; throws (and is redelivered) on failure. */
  async apply(messages: KafkaMessage[]): Promise<void> {
    const rows: Row[] = [];
    for (const message of messages) {
      try {
        const event = fromBinary(this.topic.schema, message.value ?? new Uint8Array());
        rows.push(this.topic.rowOf(event, message));
      } catch (error) {
        this.consumed.inc({ outcome: 'unreadable' });
        this.logger.error({ err: error, offset: message.offset }, this.topic.unreadable);
      }
    }
    const buckets = await this.topic.store(rows);
    this.consumed.inc({ outcome: this.topic.counter.stored }, rows.length);
    if (buckets.length === 0) return;
    await this.rollups.addMany(this.topic.job, buckets, (bucket) => ({
      deduplication: { id: this.topic.keyOf(bucket) },
      removeOnComplete: true,
    }));
  }
}
