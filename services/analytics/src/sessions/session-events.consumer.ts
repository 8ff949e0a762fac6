import { Injectable } from '@nestjs/common';
import { BatchEventPlatform } from '@kinora/common';
import { ViewingSessionUpdatedSchema, type ViewingSessionUpdated } from '@kinora/proto';
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
  constructor(platform: BatchEventPlatform, store: SessionStore) {
    super(platform, {
      schema: ViewingSessionUpdatedSchema,
      groupSuffix: '-sessions',
      store: (writes) => store.store(writes),
      job: 'film-day',
      keyOf: filmDayKey,
    });
  }

  protected read(event: ViewingSessionUpdated): StoredWrite {
    if (!event.sessionId || !event.writer) throw new Error('incomplete event');
    return writeOf(event);
  }
}
