import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { topicOf, WatchProgressChangedSchema, type WatchProgressChanged } from '@kinora/proto';
import { ContinueWatchingRepository } from './continue-watching.repository';

/**
 * Keeps the member's continue_watching entry from their viewing progress (the rules are in
 * continue-watching.repository.ts): the newest progress wins; a finished film leaves the list until the member
 * watches it again. Films the films read model does not know (yet) are kept too: the list shows
 * an entry once its film is published, like every list.
 */
@Controller()
export class WatchProgressChangedHandler {
  constructor(private readonly continueWatching: ContinueWatchingRepository) {}

  @EventPattern(topicOf(WatchProgressChangedSchema), { ledgerKey: 'WatchProgressChangedHandler' })
  async handle(@Payload() event: WatchProgressChanged, @Ctx() context: EventContext): Promise<void> {
    const filmId = Number(event.filmId);
    if (!event.userId || filmId <= 0) return;
    const watchedAt = event.watchedAt ? timestampDate(event.watchedAt) : context.occurredAt;
    await this.continueWatching.lock(event.userId);
    // Applied only if newer than what this film's mark holds and than the member's last clear.
    if (!(await this.continueWatching.advanceMark(event.userId, filmId, watchedAt))) return;
    if (event.finished) {
      await this.continueWatching.removeEntry(event.userId, filmId);
      return;
    }
    // The position is a whole number of seconds; a length of 0 means not known yet, so a length
    // known from earlier progress is kept.
    const position = Number.isFinite(event.positionSeconds)
      ? Math.max(0, Math.round(event.positionSeconds))
      : 0;
    const duration =
      Number.isFinite(event.durationSeconds) && event.durationSeconds > 0 ? event.durationSeconds : null;
    await this.continueWatching.upsertEntry(event.userId, filmId, {
      seconds: position,
      durationSeconds: duration,
      watchedAt,
    });
  }
}
