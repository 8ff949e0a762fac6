import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';

@Controller()
export class FilmStatusChangedHandler {
  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    // Keyed by film, so events of one film arrive in order; the timestamp guard drops a late replay.
    await context.em.execute(
      `insert into films (id, genre, duration_minutes, duration_seconds, status, updated_at) values (?, ?, ?, ?, ?, ?)
       on conflict (id) do update set genre = excluded.genre, duration_minutes = excluded.duration_minutes,
         duration_seconds = excluded.duration_seconds, status = excluded.status, updated_at = excluded.updated_at
       where films.updated_at <= excluded.updated_at`,
      [
        event.filmId.toString(),
        event.genre,
        event.durationMinutes,
        Number.isFinite(event.durationSeconds) && event.durationSeconds > 0 ? event.durationSeconds : 0,
        FilmStatus[event.status].toLowerCase(),
        context.occurredAt,
      ],
    );
  }
}
