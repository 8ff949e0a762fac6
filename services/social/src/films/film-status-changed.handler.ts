import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';
import { NotificationsService } from '../notifications/notifications.service';

/**
 * Keeps the films read model: reviews, likes and list entries are written only on films catalog has
 * published, and list entries show the film's summary. A film becoming published notifies the
 * followers of its creator.
 */
@Controller()
export class FilmStatusChangedHandler {
  constructor(private readonly notifications: NotificationsService) {}

  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    const filmId = Number(event.filmId);
    const status = FilmStatus[event.status].toLowerCase();
    const creatorId = event.creatorId ? Number(event.creatorId) : null;
    const [before] = await context.em.execute<{ status: string }[]>(
      'select status from films where id = ? for update',
      [filmId],
    );
    // Keyed by film, so events of one film arrive in order; the timestamp guard drops a late replay.
    // The rating version is social's own and is left alone.
    const applied = await context.em.execute<unknown[]>(
      `insert into films (id, status, title, genre, duration_minutes, poster_url, creator_id, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set status = excluded.status, title = excluded.title,
         genre = excluded.genre, duration_minutes = excluded.duration_minutes,
         poster_url = excluded.poster_url, creator_id = excluded.creator_id, updated_at = excluded.updated_at
       where films.updated_at <= excluded.updated_at
       returning 1`,
      [
        filmId,
        status,
        event.title || null,
        event.genre || null,
        event.durationMinutes || null,
        event.posterUrl || null,
        creatorId,
        context.occurredAt,
      ],
    );
    // Only the step into published notifies; the notifications' unique key also keeps a film
    // published again (or an event delivered twice) from notifying anyone a second time.
    if (applied.length > 0 && status === 'published' && before?.status !== 'published' && creatorId) {
      await this.notifications.notifyFilmPublished({
        filmId,
        creatorId,
        title: event.title || null,
      });
    }
  }
}
