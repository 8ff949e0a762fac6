import type { Logger } from '@nestjs/common';
import type { Batch, Consumer, KafkaMessage } from 'kafkajs';
import type { BaseConfig } from '../config/config';
import type { MetricsService } from '../metrics/metrics';
import { inBatchSpan, kafkaHeaders } from '../tracing/tracing';
import { readConsumerLag } from './consumer-lag';
import type { KafkaService } from './kafka.service';
import { restartWhenCrashed } from './restart-on-crash';

/** What a message handler is told besides the message: its topic (without prefix) and partition. */
export type HandleMessage = (topic: string, partition: number, message: KafkaMessage) => Promise<void>;

/**
 * One consumer group on a set of topics (named without the deployment's prefix), the one Kafka
 * consumer every service uses, in one of two modes:
 * - `eachMessage`: messages are handled one by one in order; each offset is resolved once handled;
 * - `eachBatch`: a fetched batch is applied whole (in one span continuing its first message's
 *   trace), then resolved; for consumers that aggregate, such as analytics' ingestion.
 *
 * Offsets are committed after each batch (and on a graceful stop), so a crash redelivers at most
 * the batch in hand: handlers must be idempotent. A consumer that crashes is started again (unless
 * stopped), and its lag per partition is on /metrics (kafka_consumer_lag{group}), which the
 * workers' autoscaling follows.
 */
export class TopicConsumer {
  private consumer?: Consumer;
  private removeLagReader?: () => void;
  /** Set by stop(): a consumer that crashes afterwards is not started again. */
  private stopped = false;

  constructor(
    private readonly kafka: KafkaService,
    private readonly config: BaseConfig,
    private readonly metrics: MetricsService,
    private readonly logger: Logger,
    readonly groupId: string,
    readonly topics: readonly string[],
  ) {}

  get running(): Consumer | undefined {
    return this.consumer;
  }

  eachMessage(handle: HandleMessage): Promise<void> {
    return this.start(async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
      const topic = this.kafka.familyOf(batch.topic);
      for (const message of batch.messages) {
        if (!isRunning() || isStale()) break;
        await handle(topic, batch.partition, message);
        resolveOffset(message.offset);
        await heartbeat();
      }
    });
  }

  eachBatch(apply: (messages: KafkaMessage[]) => Promise<void>): Promise<void> {
    return this.start(async ({ batch, resolveOffset, heartbeat }) => {
      if (batch.messages.length === 0) return;
      const headers = batch.messages.map((message) => kafkaHeaders(message.headers));
      await inBatchSpan(`${batch.topic} process`, headers, () => apply(batch.messages));
      resolveOffset(batch.messages[batch.messages.length - 1]!.offset);
      await heartbeat();
    });
  }

  /** Stops fetching, lets the batch in hand finish and commits the offsets resolved so far. */
  async stop(): Promise<void> {
    this.stopped = true;
    const consumer = this.consumer;
    this.consumer = undefined;
    this.removeLagReader?.();
    await consumer?.disconnect();
  }

  private async start(onBatch: (payload: BatchPayload) => Promise<void>): Promise<void> {
    const { KAFKA_SESSION_TIMEOUT_MS: sessionTimeout } = this.config;
    const consumer = this.kafka.kafka.consumer({
      groupId: this.groupId,
      sessionTimeout,
      heartbeatInterval: Math.floor(sessionTimeout / 10),
      // The broker answers a fetch as soon as a message arrives, so this wait adds no latency; it
      // is how often an idle consumer asks again. kafkajs heartbeats between fetches, so the wait
      // stays within a third of the session timeout, or the group would think an idle member dead.
      maxWaitTimeInMs: Math.min(this.config.KAFKA_FETCH_MAX_WAIT_MS, Math.floor(sessionTimeout / 3)),
      retry: { retries: 10 },
    });
    this.consumer = consumer;
    restartWhenCrashed(
      consumer,
      () => !this.stopped,
      async () => {
        this.removeLagReader?.();
        await this.consumer?.disconnect().catch(() => undefined);
        await this.start(onBatch);
      },
      this.logger,
    );
    this.removeLagReader = this.metrics.addLagReader(() => this.recordLag());
    await consumer.connect();
    await consumer.subscribe({
      topics: this.topics.map((topic) => this.kafka.topic(topic)),
      fromBeginning: true,
    });
    await consumer.run({
      autoCommit: true,
      autoCommitInterval: this.config.KAFKA_COMMIT_INTERVAL_MS,
      eachBatchAutoResolve: false,
      eachBatch: async (payload) => {
        await onBatch(payload);
        await payload.commitOffsetsIfNecessary();
      },
    });
  }

  private async recordLag(): Promise<void> {
    try {
      await readConsumerLag(this.kafka, this.groupId, [...this.topics], (topic, partition, lag) =>
        this.metrics.consumerLag.set({ group: this.groupId, topic, partition: String(partition) }, lag),
      );
    } catch (error) {
      this.logger.debug({ err: error }, 'could not read consumer lag');
    }
  }
}

interface BatchPayload {
  batch: Batch;
  resolveOffset(offset: string): void;
  heartbeat(): Promise<void>;
  commitOffsetsIfNecessary(): Promise<void>;
  isRunning(): boolean;
  isStale(): boolean;
}
