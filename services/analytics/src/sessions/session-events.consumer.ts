import { fromBinary } from '@bufbuild/protobuf';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, JobQueue, KafkaService, MetricsService, TopicConsumer } from '@kinora/common';
import { topicOf, ViewingSessionUpdatedSchema } from '@kinora/proto';
import type { KafkaMessage } from 'kafkajs';
import { Counter } from 'prom-client';
import type { Config } from '../config';
import { filmDayKey, ROLLUP_QUEUE, type RollupJobs } from '../rollups/rollups.queue';
import { SessionStore, writeOf, type StoredWrite } from './session-store';

/**
 * Consumes analytics.viewing-session-updated.v1 in batches: each batch is stored in one transaction
 * (SessionStore), then a recompute is queued for every (film, day) it touched, then its offsets are
 * committed. A crash anywhere before the commit redelivers the batch: stored events are skipped by
 * id, and the buckets are queued again.
 */
@Injectable()
export class SessionEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionEventsConsumer.name);
  private readonly batches: TopicConsumer;
  private readonly rollups: JobQueue<RollupJobs>;
  private readonly consumed: Counter<'outcome'>;

  constructor(
    kafka: KafkaService,
    private readonly store: SessionStore,
    @Inject(CONFIG) config: Config,
    metrics: MetricsService,
  ) {
    this.batches = new TopicConsumer(kafka, config, metrics, this.logger, kafka.groupId('-sessions'), [
      topicOf(ViewingSessionUpdatedSchema),
    ]);
    this.rollups = new JobQueue(ROLLUP_QUEUE, config);
    this.consumed = new Counter({
      name: 'analytics_session_events_total',
      help: 'Viewing-session events taken from Kafka, by outcome (stored, or unreadable)',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.batches.eachBatch((messages) => this.apply(messages));
    this.logger.log(`consuming ${topicOf(ViewingSessionUpdatedSchema)} as ${this.batches.groupId}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batches.stop();
    await this.rollups.onApplicationShutdown();
  }

  /** Stores one batch and queues the recomputes it calls for; throws (and is redelivered) on failure. */
  async apply(messages: KafkaMessage[]): Promise<void> {
    const writes: StoredWrite[] = [];
    for (const message of messages) {
      try {
        const event = fromBinary(ViewingSessionUpdatedSchema, message.value ?? new Uint8Array());
        if (!event.envelope?.eventId || !event.sessionId || !event.writer)
          throw new Error('incomplete event');
        writes.push(writeOf(event));
      } catch (error) {
        // The API is the only producer: an unreadable message is a bug to see, not a reason to stop.
        this.consumed.inc({ outcome: 'unreadable' });
        this.logger.error({ err: error, offset: message.offset }, 'unreadable viewing-session event skipped');
      }
    }
    const buckets = await this.store.store(writes);
    this.consumed.inc({ outcome: 'stored' }, writes.length);
    if (buckets.length === 0) return;
    await this.rollups.addMany('film-day', buckets, (bucket) => ({
      deduplication: { id: filmDayKey(bucket) },
      removeOnComplete: true,
    }));
  }
}
