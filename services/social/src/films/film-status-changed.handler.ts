import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';

/**
 * Keeps the films read model: reviews, likes and list entries are written only on films catalog has
 * published, and list entries show the film's summary.
 */
@Controller()
export class FilmStatusChangedHandler {
  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    // Keyed by film, so events of one film arrive in order; the timestamp guard drops a late replay.
    // The rating version is social's own and is left alone.
    await context.em.execute(
      `insert into films (id, status, title, genre, duration_minutes, poster_url, creator_id, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set status = excluded.status, title = excluded.title,
         genre = excluded.genre, duration_minutes = excluded.duration_minutes,
         poster_url = excluded.poster_url, creator_id = excluded.creator_id, updated_at = excluded.updated_at
       where films.updated_at <= excluded.updated_at`,
      [
        Number(event.filmId),
        FilmStatus[event.status].toLowerCase(),
        event.title || null,
        event.genre || null,
        event.durationMinutes || null,
        event.posterUrl || null,
        event.creatorId ? Number(event.creatorId) : null,
        context.occurredAt,
      ],
    );
  }
}
