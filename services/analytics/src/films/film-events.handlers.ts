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

/** analytics' read model of films: what the dashboards show and the view rule needs (the length). */
@Controller()
export class FilmEventsHandlers {
  /** Keyed by film, so in order; the timestamp guard drops a late replay. */
  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async statusChanged(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    const status = FilmStatus[event.status].toLowerCase();
    await context.em.execute(
      `insert into films (id, creator_id, title, genre, poster_url, status, duration_minutes, duration_seconds,
                          media_bytes, submitted_at, published_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, case when ? = 'published' then ?::timestamptz end, ?)
       on conflict (id) do update set creator_id = excluded.creator_id, title = excluded.title,
         genre = excluded.genre, poster_url = excluded.poster_url, status = excluded.status,
         duration_minutes = excluded.duration_minutes,
         duration_seconds = greatest(excluded.duration_seconds, films.duration_seconds),
         media_bytes = greatest(excluded.media_bytes, films.media_bytes), submitted_at = excluded.submitted_at,
         published_at = coalesce(films.published_at, excluded.published_at), updated_at = excluded.updated_at
       where films.updated_at <= excluded.updated_at and not films.deleted`,
      [
        Number(event.filmId),
        Number(event.creatorId),
        event.title,
        event.genre,
        event.posterUrl || null,
        status,
        event.durationMinutes,
        event.durationSeconds,
        event.mediaBytes.toString(),
        event.submittedAt ? timestampDate(event.submittedAt) : null,
        status,
        context.occurredAt,
        context.occurredAt,
      ],
    );
  }

  /** A tombstone: a late status event of the film does not bring it back. */
  @EventPattern(topicOf(FilmDeletedSchema), { ledgerKey: 'FilmDeletedHandler' })
  async deleted(@Payload() event: FilmDeleted, @Ctx() context: EventContext): Promise<void> {
    await context.em.execute(
      `insert into films (id, creator_id, title, genre, status, deleted, updated_at) values (?, 0, '', '', 'archived', true, ?)
       on conflict (id) do update set deleted = true, status = 'archived', updated_at = excluded.updated_at`,
      [Number(event.filmId), context.occurredAt],
    );
  }

  /** Totals after each change with a per-film version: only a higher version applies. */
  @EventPattern(topicOf(FilmRatingChangedSchema), { ledgerKey: 'FilmRatingChangedHandler' })
  async ratingChanged(@Payload() event: FilmRatingChanged, @Ctx() context: EventContext): Promise<void> {
    await context.em.execute(
      `insert into films (id, creator_id, title, genre, status, rating_sum, review_count, rating_version, updated_at)
       values (?, 0, '', '', 'pending', ?, ?, ?, '-infinity')
       on conflict (id) do update set rating_sum = excluded.rating_sum, review_count = excluded.review_count,
         rating_version = excluded.rating_version
       where films.rating_version < excluded.rating_version`,
      [Number(event.filmId), event.ratingSum.toString(), event.reviewCount, event.version.toString()],
    );
  }
}
