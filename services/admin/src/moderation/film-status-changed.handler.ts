import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';

@Controller()
export class FilmStatusChangedHandler {
  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    await context.em.execute(
      `insert into moderation_items
         (film_id, title, creator_id, creator_user_id, genre, duration_minutes, poster_url, status, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (film_id) do update set title = excluded.title, creator_id = excluded.creator_id,
         creator_user_id = excluded.creator_user_id, genre = excluded.genre,
         duration_minutes = excluded.duration_minutes, poster_url = excluded.poster_url,
         status = excluded.status, updated_at = excluded.updated_at
       where moderation_items.updated_at <= excluded.updated_at`,
      [
        event.filmId.toString(),
        event.title,
        event.creatorId ? event.creatorId.toString() : null,
        event.creatorUserId || null,
        event.genre,
        event.durationMinutes,
        event.posterUrl || null,
        FilmStatus[event.status].toLowerCase(),
        context.occurredAt,
      ],
    );
  }
}
