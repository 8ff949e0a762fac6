import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { ListCountsChangedSchema, topicOf, type ListCountsChanged } from '@kinora/proto';

/**
 * Keeps a member's watchlist and favorites counts from social's lists. Each event carries the
 * counts after one add or remove and a per-member version; only a version higher than the stored
 * one is applied, so a duplicated, replayed or out-of-order event never changes the counts.
 */
@Controller()
export class ListCountsChangedHandler {
  @EventPattern(topicOf(ListCountsChangedSchema), { ledgerKey: 'ListCountsChangedHandler' })
  async handle(@Payload() event: ListCountsChanged, @Ctx() context: EventContext): Promise<void> {
    await context.em.execute(
      `update users set watchlist_count = ?, favorites_count = ?, list_counts_version = ?
        where id = ? and list_counts_version < ?`,
      [
        event.watchlistCount,
        event.favoritesCount,
        event.version.toString(),
        event.userId,
        event.version.toString(),
      ],
    );
  }
}
