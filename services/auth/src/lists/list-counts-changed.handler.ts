import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ListCountsChangedSchema, topicOf, type ListCountsChanged } from '@kinora/proto';
import { ListCountsRepository } from './list-counts.repository';

/**
 * Keeps a member's watchlist and favorites counts from social's lists. Each event carries the
 * counts after one add or remove and a per-member version; only a version higher than the stored
 * one is applied, so a duplicated, replayed or out-of-order event never changes the counts.
 */
@Controller()
export class ListCountsChangedHandler {
  constructor(private readonly counts: ListCountsRepository) {}

  @EventPattern(topicOf(ListCountsChangedSchema), { ledgerKey: 'ListCountsChangedHandler' })
  async handle(@Payload() event: ListCountsChanged): Promise<void> {
    await this.counts.apply(event.userId, event.watchlistCount, event.favoritesCount, event.version);
  }
}
