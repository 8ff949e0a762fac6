import { Injectable } from '@nestjs/common';
import type { EventContext, EventHandler } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, type FilmStatusChanged } from '@kinora/proto';

@Injectable()
export class FilmStatusChangedHandler implements EventHandler<typeof FilmStatusChangedSchema> {
  readonly schema = FilmStatusChangedSchema;

  async handle(event: FilmStatusChanged, context: EventContext): Promise<void> {
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
