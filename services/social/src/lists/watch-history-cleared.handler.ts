import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { topicOf, WatchHistoryClearedSchema, type WatchHistoryCleared } from '@kinora/proto';
import { lockContinueWatching } from './continue-watching';

/**
 * A member cleared their watch history: their continue_watching entries watched up to then go, and
 * progress watched up to then that arrives later is dropped (the rules are in continue-watching.ts).
 */
@Controller()
export class WatchHistoryClearedHandler {
  @EventPattern(topicOf(WatchHistoryClearedSchema), { ledgerKey: 'WatchHistoryClearedHandler' })
  async handle(@Payload() event: WatchHistoryCleared, @Ctx() context: EventContext): Promise<void> {
    if (!event.userId) return;
    const { em } = context;
    const clearedAt = event.clearedAt ? timestampDate(event.clearedAt) : context.occurredAt;
    await lockContinueWatching(em, event.userId);
    // A late, older clear never moves the member's cleared_at back.
    await em.execute(
      `insert into watch_history_clears (user_id, cleared_at) values (?, ?)
       on conflict (user_id) do update
         set cleared_at = greatest(watch_history_clears.cleared_at, excluded.cleared_at)`,
      [event.userId, clearedAt],
    );
    await em.execute(
      `delete from list_entries
        where user_id = ? and list_type = 'continue_watching' and (progress_at is null or progress_at <= ?)`,
      [event.userId, clearedAt],
    );
    // The clear now drops anything watched up to then, so these marks are no longer needed.
    await em.execute('delete from watch_progress_marks where user_id = ? and watched_at <= ?', [
      event.userId,
      clearedAt,
    ]);
  }
}
