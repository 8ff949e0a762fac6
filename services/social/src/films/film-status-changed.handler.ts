import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';
import { NotificationsService } from '../notifications/notifications.service';
import { FilmsRepository } from './films.repository';

/**
 * Keeps the films read model: reviews, likes and list entries are written only on films catalog has
 * published, and list entries show the film's summary. A film becoming published notifies the
 * followers of its creator.
 */
@Controller()
export class FilmStatusChangedHandler {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly films: FilmsRepository,
  ) {}

  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    const filmId = Number(event.filmId);
    const status = FilmStatus[event.status].toLowerCase();
    const creatorId = event.creatorId ? Number(event.creatorId) : null;
    const before = await this.films.lockStatus(filmId, 'update');
    // Keyed by film, so events of one film arrive in order; the timestamp guard drops a late replay.
    const applied = await this.films.applyFromCatalog({
      id: filmId,
      status,
      title: event.title || null,
      genre: event.genre || null,
      duration_minutes: event.durationMinutes || null,
      poster_url: event.posterUrl || null,
      creator_id: creatorId,
      updated_at: context.occurredAt,
    });
    // Only the step into published notifies; the notifications' unique key also keeps a film
    // published again (or an event delivered twice) from notifying anyone a second time.
    if (applied && status === 'published' && before !== 'published' && creatorId) {
      await this.notifications.notifyFilmPublished({ filmId, creatorId, title: event.title || null });
    }
  }
}
