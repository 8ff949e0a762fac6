import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { topicOf, WatchHistoryClearedSchema, type WatchHistoryCleared } from '@kinora/proto';
import { ContinueWatchingRepository } from './continue-watching.repository';

/**
 * A member cleared their watch history: their continue_watching entries watched up to then go, and
 * progress watched up to then that arrives later is dropped (the rules are in
 * continue-watching.repository.ts).
 */
@Controller()
export class WatchHistoryClearedHandler {
  constructor(private readonly continueWatching: ContinueWatchingRepository) {}

  @EventPattern(topicOf(WatchHistoryClearedSchema), { ledgerKey: 'WatchHistoryClearedHandler' })
  async handle(@Payload() event: WatchHistoryCleared, @Ctx() context: EventContext): Promise<void> {
    if (!event.userId) return;
    const clearedAt = event.clearedAt ? timestampDate(event.clearedAt) : context.occurredAt;
    await this.continueWatching.lock(event.userId);
    await this.continueWatching.clear(event.userId, clearedAt);
  }
}
