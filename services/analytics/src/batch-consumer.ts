import { Logger } from '@nestjs/common';
import {
  inBatchSpan,
  kafkaHeaders,
  readConsumerLag,
  restartWhenCrashed,
  type KafkaService,
  type MetricsService,
} from '@kinora/common';
import type { Consumer, KafkaMessage } from 'kafkajs';
import type { Config } from './config';

/**
 * One of analytics-worker's own consumer groups (the service's group name plus `suffix`) on one
 * topic: each fetched batch is applied whole by `apply` (in one span continuing its first
 * message's trace), then its offsets are committed. A throw
 * leaves the batch uncommitted, so it is redelivered; `apply` must be idempotent.
 */
export class BatchConsumer {
  private readonly logger = new Logger(BatchConsumer.name);
  private consumer?: Consumer;
  private removeLagReader?: () => void;
  /** Set by stop(): a consumer that crashes afterwards is not started again. */
  private stopped = false;

  constructor(
    private readonly kafka: KafkaService,
    private readonly config: Config,
    private readonly metrics: MetricsService,
    private readonly suffix: string,
    private readonly topic: string,
  ) {}

  get groupId(): string {
    return this.kafka.groupId(this.suffix);
  }

  async start(apply: (messages: KafkaMessage[]) => Promise<void>): Promise<void> {
    const consumer = this.kafka.kafka.consumer({
      groupId: this.groupId,
      sessionTimeout: this.config.KAFKA_SESSION_TIMEOUT_MS,
      heartbeatInterval: Math.floor(this.config.KAFKA_SESSION_TIMEOUT_MS / 10),
      maxWaitTimeInMs: Math.min(
        this.config.KAFKA_FETCH_MAX_WAIT_MS,
        Math.floor(this.config.KAFKA_SESSION_TIMEOUT_MS / 3),
      ),
      retry: { retries: 10 },
    });
    this.consumer = consumer;
    restartWhenCrashed(
      consumer,
      () => !this.stopped,
      async () => {
        this.removeLagReader?.();
        await this.consumer?.disconnect().catch(() => undefined);
        await this.start(apply);
      },
      this.logger,
    );
    // Its lag on /metrics (kafka_consumer_lag{group}): what the worker's autoscaling follows.
    this.removeLagReader = this.metrics.addLagReader(() =>
      readConsumerLag(this.kafka, this.groupId, [this.topic], (topic, partition, lag) =>
        this.metrics.consumerLag.set({ group: this.groupId, topic, partition: String(partition) }, lag),
      ).catch(() => undefined),
    );
    await consumer.connect();
    await consumer.subscribe({ topics: [this.kafka.topic(this.topic)], fromBeginning: true });
    await consumer.run({
      autoCommit: true,
      autoCommitInterval: this.config.KAFKA_COMMIT_INTERVAL_MS,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary }) => {
        if (batch.messages.length === 0) return;
        const headers = batch.messages.map((message) => kafkaHeaders(message.headers));
        await inBatchSpan(`${batch.topic} process`, headers, () => apply(batch.messages));
        resolveOffset(batch.messages[batch.messages.length - 1]!.offset);
        await heartbeat();
        await commitOffsetsIfNecessary();
      },
    });
  }

  /** Stops fetching, lets the batch in hand finish and commits its offsets. */
  async stop(): Promise<void> {
    this.stopped = true;
    const consumer = this.consumer;
    this.consumer = undefined;
    this.removeLagReader?.();
    await consumer?.disconnect();
  }
}
