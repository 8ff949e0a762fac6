import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, KafkaService, MetricsService } from '@kinora/common';
import { AdEventRecordedSchema } from '@kinora/proto';
import { Counter } from 'prom-client';
import type { Config } from '../config';
import { BucketBatchConsumer } from '../rollups/bucket-batch-consumer';
import { adDayKey } from '../rollups/rollups.queue';
import { adEventRowOf, AdEventStore, type AdEventRow } from './ad-event-store';

/**
 * Consumes ads.ad-event-recorded.v1 in batches (analytics-worker): each batch is stored in one
 * statement, once per (session, ad, kind), then an ad-day recompute is queued for every (film, day)
 * it names. No delay on the jobs: an impression reaches the admin dashboard as soon as its bucket
 * is recomputed.
 */
@Injectable()
export class AdEventsConsumer extends BucketBatchConsumer<
  typeof AdEventRecordedSchema,
  AdEventRow,
  'ad-day'
> {
  constructor(
    kafka: KafkaService,
    store: AdEventStore,
    @Inject(CONFIG) config: Config,
    metrics: MetricsService,
  ) {
    super(kafka, config, metrics, {
      schema: AdEventRecordedSchema,
      groupSuffix: '-ads',
      rowOf: (event, message) => {
        const row = adEventRowOf(event, new Date(Number(message.timestamp)));
        if (typeof row === 'string') throw new Error(row);
        return row;
      },
      store: (rows) => store.store(rows),
      job: 'ad-day',
      keyOf: adDayKey,
      counter: {
        of: (registry) =>
          new Counter({
            name: 'analytics_ad_events_total',
            help: 'Ad events taken from Kafka, by outcome (taken, or unreadable)',
            labelNames: ['outcome'],
            registers: [registry],
          }),
        stored: 'taken',
      },
      unreadable: 'unreadable ad event skipped',
    });
  }
}
