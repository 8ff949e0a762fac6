import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { topicOf, WatchProgressChangedSchema, type WatchProgressChanged } from '@kinora/proto';
import { lockContinueWatching } from './continue-watching';

/**
 * Keeps the member's continue_watching entry from their viewing progress (the rules are in
 * continue-watching.ts): the newest progress wins; a finished film leaves the list until the member
 * watches it again. Films the films read model does not know (yet) are kept too: the list shows
 * an entry once its film is published, like every list.
 */
@Controller()
export class WatchProgressChangedHandler {
  @EventPattern(topicOf(WatchProgressChangedSchema), { ledgerKey: 'WatchProgressChangedHandler' })
  async handle(@Payload() event: WatchProgressChanged, @Ctx() context: EventContext): Promise<void> {
    const filmId = Number(event.filmId);
    if (!event.userId || filmId <= 0) return;
    const { em } = context;
    const watchedAt = event.watchedAt ? timestampDate(event.watchedAt) : context.occurredAt;
    await lockContinueWatching(em, event.userId);
    // Applied only if newer than what this film's mark holds and than the member's last clear.
    const newer = await em.execute<unknown[]>(
      `insert into watch_progress_marks (user_id, film_id, watched_at)
       select ?, ?, ?
        where not exists (select 1 from watch_history_clears where user_id = ? and cleared_at >= ?)
       on conflict (user_id, film_id) do update set watched_at = excluded.watched_at
       where watch_progress_marks.watched_at < excluded.watched_at
       returning 1`,
      [event.userId, filmId, watchedAt, event.userId, watchedAt],
    );
    if (newer.length === 0) return;
    if (event.finished) {
      await em.execute(
        `delete from list_entries where user_id = ? and list_type = 'continue_watching' and film_id = ?`,
        [event.userId, filmId],
      );
      return;
    }
    // The position is a whole number of seconds; a length of 0 means not known yet, so a length
    // known from earlier progress is kept.
    const position = Number.isFinite(event.positionSeconds)
      ? Math.max(0, Math.round(event.positionSeconds))
      : 0;
    const duration =
      Number.isFinite(event.durationSeconds) && event.durationSeconds > 0 ? event.durationSeconds : null;
    await em.execute(
      `insert into list_entries (user_id, film_id, list_type, progress_seconds, duration_seconds, progress_at)
       values (?, ?, 'continue_watching', ?, ?, ?)
       on conflict (user_id, list_type, film_id) do update set
         progress_seconds = excluded.progress_seconds,
         duration_seconds = coalesce(excluded.duration_seconds, list_entries.duration_seconds),
         progress_at = excluded.progress_at`,
      [event.userId, filmId, position, duration, watchedAt],
    );
  }
}
