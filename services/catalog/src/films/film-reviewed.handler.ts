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
import { filmStatusEvent } from './film-status-event';
import { FilmsRepository } from './films.repository';

/**
 * Applies a moderator's decision from admin: a film still pending becomes published (published
 * now) or archived (keeping the reason for its creator), and catalog.film-status-changed.v1 goes
 * out through the outbox in the same transaction. Any other film is left alone, so a replayed
 * event or a second decision on the same film changes nothing.
 */
@Controller()
export class FilmReviewedHandler {
  private readonly logger = new Logger(FilmReviewedHandler.name);

  constructor(
    private readonly outbox: OutboxService,
    private readonly films: FilmsRepository,
  ) {}

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
    const film = await this.films.findForStatusEvent(filmId, { lock: true });
    if (film?.status !== 'pending') {
      this.logger.log(
        { filmId, status: film?.status ?? 'unknown' },
        'decision on a film not pending: ignored',
      );
      return;
    }
    const reason = status === 'archived' ? event.reason.trim() || null : null;
    await this.films.applyReview(filmId, status, reason);
    this.outbox.add(
      context.em,
      FilmStatusChangedSchema,
      filmStatusEvent(film, { status, previousStatus: 'pending', reason }),
      String(filmId),
    );
  }
}
