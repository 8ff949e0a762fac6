import { Injectable } from '@nestjs/common';
import { BatchEventPlatform } from '@kinora/common';
import { AdEventRecordedSchema, type AdEventRecorded, type Envelope } from '@kinora/proto';
import type { KafkaMessage } from 'kafkajs';
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
  constructor(platform: BatchEventPlatform, store: AdEventStore) {
    super(platform, {
      schema: AdEventRecordedSchema,
      groupSuffix: '-ads',
      store: (rows) => store.store(rows),
      job: 'ad-day',
      keyOf: adDayKey,
    });
  }

  /** The event's row, dated by Kafka's timestamp when the event carries no time of its own. */
  protected read(event: AdEventRecorded, _envelope: Envelope, message: KafkaMessage): AdEventRow {
    const row = adEventRowOf(event, new Date(Number(message.timestamp)));
    if (typeof row === 'string') throw new Error(row);
    return row;
  }
}
