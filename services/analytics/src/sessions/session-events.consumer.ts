import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, KafkaService, MetricsService } from '@kinora/common';
import { ViewingSessionUpdatedSchema } from '@kinora/proto';
import { Counter } from 'prom-client';
import type { Config } from '../config';
import { BucketBatchConsumer } from '../rollups/bucket-batch-consumer';
import { filmDayKey } from '../rollups/rollups.queue';
import { SessionStore, writeOf, type StoredWrite } from './session-store';

/**
 * Consumes analytics.viewing-session-updated.v1 in batches: each batch is stored in one transaction
 * (SessionStore), stored events skipped by id, then a recompute is queued for every (film, day) it
 * touched. The API is the only producer of these events.
 */
@Injectable()
export class SessionEventsConsumer extends BucketBatchConsumer<
  typeof ViewingSessionUpdatedSchema,
  StoredWrite,
  'film-day'
> {
  constructor(
    kafka: KafkaService,
    store: SessionStore,
    @Inject(CONFIG) config: Config,
    metrics: MetricsService,
  ) {
    super(kafka, config, metrics, {
      schema: ViewingSessionUpdatedSchema,
      groupSuffix: '-sessions',
      rowOf: (event) => {
        if (!event.envelope?.eventId || !event.sessionId || !event.writer)
          throw new Error('incomplete event');
        return writeOf(event);
      },
      store: (writes) => store.store(writes),
      job: 'film-day',
      keyOf: filmDayKey,
      counter: {
        of: (registry) =>
          new Counter({
            name: 'analytics_session_events_total',
            help: 'Viewing-session events taken from Kafka, by outcome (stored, or unreadable)',
            labelNames: ['outcome'],
            registers: [registry],
          }),
        stored: 'stored',
      },
      unreadable: 'unreadable viewing-session event skipped',
    });
  }
}
