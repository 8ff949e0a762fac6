import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';

/** Keeps the films read model: reviews are written only on films catalog has published. */
@Controller()
export class FilmStatusChangedHandler {
  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    // Keyed by film, so events of one film arrive in order; the timestamp guard drops a late replay.
    // The rating version is social's own and is left alone.
    await context.em.execute(
      `insert into films (id, status, updated_at) values (?, ?, ?)
       on conflict (id) do update set status = excluded.status, updated_at = excluded.updated_at
       where films.updated_at <= excluded.updated_at`,
      [Number(event.filmId), FilmStatus[event.status].toLowerCase(), context.occurredAt],
    );
  }
}
