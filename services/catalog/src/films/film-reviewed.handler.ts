import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { OutboxService, type EventContext } from '@kinora/common';
import {
  FilmReviewedSchema,
  FilmStatus,
  FilmStatusChangedSchema,
  topicOf,
  type FilmReviewed,
} from '@kinora/proto';
import { filmStatusEvent, selectFilmEventRow } from './film-status-event';

/**
 * Applies a moderator's decision from admin: a film still pending becomes published (published
 * now) or archived (keeping the reason for its creator), and catalog.film-status-changed.v1 goes
 * out through the outbox in the same transaction. Any other film is left alone, so a replayed
 * event or a second decision on the same film changes nothing.
 */
@Controller()
export class FilmReviewedHandler {
  private readonly logger = new Logger(FilmReviewedHandler.name);

  constructor(private readonly outbox: OutboxService) {}

  @EventPattern(topicOf(FilmReviewedSchema), { ledgerKey: 'FilmReviewedHandler' })
  async handle(@Payload() event: FilmReviewed, @Ctx() context: EventContext): Promise<void> {
    const filmId = Number(event.filmId);
    const status =
      event.decision === FilmStatus.PUBLISHED
        ? 'published'
        : event.decision === FilmStatus.ARCHIVED
          ? 'archived'
          : null;
    if (!status) {
      this.logger.warn({ filmId, decision: event.decision }, 'film review without a decision ignored');
      return;
    }
    const { em } = context;
    const film = await selectFilmEventRow(em, filmId, { lock: true });
    if (film?.status !== 'pending') {
      this.logger.log(
        { filmId, status: film?.status ?? 'unknown' },
        'decision on a film not pending: ignored',
      );
      return;
    }
    const reason = status === 'archived' ? event.reason.trim() || null : null;
    await em.execute(
      `update films set status = ?, moderation_reason = ?,
              published_at = case when ? = 'published' then now() else published_at end
        where id = ?`,
      [status, reason, status, filmId],
    );
    this.outbox.add(
      em,
      FilmStatusChangedSchema,
      filmStatusEvent(film, { status, previousStatus: 'pending', reason }),
      String(filmId),
    );
  }
}
