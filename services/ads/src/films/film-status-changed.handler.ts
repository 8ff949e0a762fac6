import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';
import { FilmsRepository } from './films.repository';

@Controller()
export class FilmStatusChangedHandler {
  constructor(private readonly films: FilmsRepository) {}

  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    // Keyed by film, so events of one film arrive in order; the timestamp guard drops a late replay.
    await this.films.upsert({
      id: event.filmId.toString(),
      genre: event.genre,
      duration_minutes: event.durationMinutes,
      duration_seconds:
        Number.isFinite(event.durationSeconds) && event.durationSeconds > 0 ? event.durationSeconds : 0,
      status: FilmStatus[event.status].toLowerCase(),
      updated_at: context.occurredAt.toISOString(),
    });
  }
}
