import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { topicOf, ViewQualifiedSchema, type ViewQualified } from '@kinora/proto';

/**
 * A viewing session qualified as a view (the view rule, docs/catalog.md): record it for Trending and
 * add it to the film's viewCount. Keyed by session, so a session counts once however often its
 * event arrives.
 */
@Controller()
export class ViewQualifiedHandler {
  @EventPattern(topicOf(ViewQualifiedSchema), { ledgerKey: 'ViewQualifiedHandler' })
  async handle(@Payload() event: ViewQualified, @Ctx() context: EventContext): Promise<void> {
    const filmId = Number(event.filmId);
    const inserted = await context.em.execute<unknown[]>(
      `insert into film_views (film_id, viewer_key, viewed_at, session_id)
       select ?, ?, ?, ? where exists (select 1 from films where id = ?)
       on conflict (session_id) do nothing returning 1`,
      [
        filmId,
        event.userId ? `user:${event.userId}` : `session:${event.sessionId}`,
        event.qualifiedAt ? timestampDate(event.qualifiedAt) : context.occurredAt,
        event.sessionId,
        filmId,
      ],
    );
    if (inserted.length > 0) {
      await context.em.execute('update films set view_count = view_count + 1 where id = ?', [filmId]);
    }
  }
}
