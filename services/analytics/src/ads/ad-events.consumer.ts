import { fromBinary } from '@bufbuild/protobuf';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, JobQueue, KafkaService, MetricsService, TopicConsumer } from '@kinora/common';
import { AdEventRecordedSchema, topicOf } from '@kinora/proto';
import type { KafkaMessage } from 'kafkajs';
import { Counter } from 'prom-client';
import type { Config } from '../config';
import { adDayKey, ROLLUP_QUEUE, type RollupJobs } from '../rollups/rollups.queue';
import { adEventRowOf, AdEventStore, type AdEventRow } from './ad-event-store';

/**
 * Consumes ads.ad-event-recorded.v1 in batches (analytics-worker): each batch is stored in one
 * statement, once per (session, ad, kind), then an ad-day recompute is queued for every (film, day)
 * it names, then its offsets are committed. A crash before the commit redelivers the batch: the
 * stored events are skipped and the buckets queued again. No delay on the jobs: an impression
 * reaches the admin dashboard as soon as its bucket is recomputed.
 */
@Injectable()
export class AdEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AdEventsConsumer.name);
  private readonly batches: TopicConsumer;
  private readonly rollups: JobQueue<RollupJobs>;
  private readonly consumed: Counter<'outcome'>;

  constructor(
    kafka: KafkaService,
    private readonly store: AdEventStore,
    @Inject(CONFIG) config: Config,
    metrics: MetricsService,
  ) {
    this.batches = new TopicConsumer(kafka, config, metrics, this.logger, kafka.groupId('-ads'), [
      topicOf(AdEventRecordedSchema),
    ]);
    this.rollups = new JobQueue(ROLLUP_QUEUE, config);
    this.consumed = new Counter({
      name: 'analytics_ad_events_total',
      help: 'Ad events taken from Kafka, by outcome (taken, or unreadable)',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.batches.eachBatch((messages) => this.apply(messages));
    this.logger.log(`consuming ${topicOf(AdEventRecordedSchema)} as ${this.batches.groupId}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batches.stop();
    await this.rollups.onApplicationShutdown();
  }

  /** Stores one batch and queues the recomputes it calls for; throws (and is redelivered) on failure. */
  async apply(messages: KafkaMessage[]): Promise<void> {
    const rows: AdEventRow[] = [];
    for (const message of messages) {
      let row: AdEventRow | string;
      try {
        const event = fromBinary(AdEventRecordedSchema, message.value ?? new Uint8Array());
        row = adEventRowOf(event, new Date(Number(message.timestamp)));
      } catch (error) {
        row = String((error as Error)?.message ?? error);
      }
      if (typeof row === 'string') {
        // Another service's bug to see, not a reason to stop counting everyone else's ads.
        this.consumed.inc({ outcome: 'unreadable' });
        this.logger.error({ offset: message.offset, reason: row }, 'unreadable ad event skipped');
      } else {
        rows.push(row);
      }
    }
    const buckets = await this.store.store(rows);
    this.consumed.inc({ outcome: 'taken' }, rows.length);
    if (buckets.length === 0) return;
    await this.rollups.addMany('ad-day', buckets, (bucket) => ({
      deduplication: { id: adDayKey(bucket) },
      removeOnComplete: true,
    }));
  }
}
