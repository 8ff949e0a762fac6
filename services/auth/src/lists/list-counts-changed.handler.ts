import { Controller, Optional } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { createQueryDb, type EventContext } from '@kinora/common';
import { ListCountsChangedSchema, topicOf, type ListCountsChanged } from '@kinora/proto';
import type { DB } from '../database.gen';
import { ListCountsRepository } from './list-counts.repository';

/**
 * Keeps a member's watchlist and favorites counts from social's lists. Each event carries the
 * counts after one add or remove and a per-member version; only a version higher than the stored
 * one is applied, so a duplicated, replayed or out-of-order event never changes the counts.
 */
@Controller()
export class ListCountsChangedHandler {
  constructor(@Optional() private readonly counts?: ListCountsRepository) {}

  @EventPattern(topicOf(ListCountsChangedSchema), { ledgerKey: 'ListCountsChangedHandler' })
  async handle(@Payload() event: ListCountsChanged, @Ctx() context: EventContext): Promise<void> {
    // Built by hand (outside the module, as test/profile.spec.ts does), it writes through the event's em.
    const counts = this.counts ?? new ListCountsRepository(createQueryDb<DB>(context.em));
    await counts.apply(event.userId, event.watchlistCount, event.favoritesCount, event.version);
  }
}
