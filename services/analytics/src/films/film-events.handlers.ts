import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import {
  FilmDeletedSchema,
  FilmRatingChangedSchema,
  FilmStatus,
  FilmStatusChangedSchema,
  topicOf,
  type FilmDeleted,
  type FilmRatingChanged,
  type FilmStatusChanged,
} from '@kinora/proto';
import { FilmsRepository } from './films.repository';

/** analytics' read model of films: what the dashboards show and the view rule needs (the length). */
@Controller()
export class FilmEventsHandlers {
  constructor(private readonly films: FilmsRepository) {}

  /** Keyed by film, so in order; the timestamp guard drops a late replay. */
  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async statusChanged(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    const status = FilmStatus[event.status].toLowerCase();
    const at = context.occurredAt.toISOString();
    await this.films.applyStatus({
      id: Number(event.filmId),
      creator_id: Number(event.creatorId),
      title: event.title,
      genre: event.genre,
      poster_url: event.posterUrl || null,
      status,
      duration_minutes: event.durationMinutes,
      duration_seconds: event.durationSeconds,
      media_bytes: event.mediaBytes.toString(),
      submitted_at: event.submittedAt ? timestampDate(event.submittedAt).toISOString() : null,
      published_at: status === 'published' ? at : null,
      updated_at: at,
    });
  }

  /** A tombstone: a late status event of the film does not bring it back. */
  @EventPattern(topicOf(FilmDeletedSchema), { ledgerKey: 'FilmDeletedHandler' })
  async deleted(@Payload() event: FilmDeleted, @Ctx() context: EventContext): Promise<void> {
    await this.films.markDeleted(Number(event.filmId), context.occurredAt);
  }

  /** Totals after each change with a per-film version: only a higher version applies. */
  @EventPattern(topicOf(FilmRatingChangedSchema), { ledgerKey: 'FilmRatingChangedHandler' })
  async ratingChanged(@Payload() event: FilmRatingChanged): Promise<void> {
    await this.films.applyRating(Number(event.filmId), event.ratingSum, event.reviewCount, event.version);
  }
}
