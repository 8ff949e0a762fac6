import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';

/**
 * Keeps moderation_items, the review queue's read model, from catalog's film status events: the
 * latest state by occurred time wins, so an older event arriving late changes nothing. An event
 * without an AI disclosure keeps the one already known (status changes need not repeat it).
 * decided_at is admin's own (set by a decision) and never touched here.
 */
@Controller()
export class FilmStatusChangedHandler {
  @EventPattern(topicOf(FilmStatusChangedSchema), { ledgerKey: 'FilmStatusChangedHandler' })
  async handle(@Payload() event: FilmStatusChanged, @Ctx() context: EventContext): Promise<void> {
    const disclosure = event.aiDisclosure
      ? {
          tools: event.aiDisclosure.tools,
          parts: event.aiDisclosure.parts,
          realLikeness: event.aiDisclosure.realLikeness,
          likenessConsent: event.aiDisclosure.likenessConsent,
          notes: event.aiDisclosure.notes || null,
        }
      : null;
    await context.em.execute(
      `insert into moderation_items
         (film_id, title, creator_id, creator_user_id, genre, duration_minutes, poster_url, status, updated_at,
          description, language, release_year, video_url, ai_disclosure, submitted_at, reason)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)
       on conflict (film_id) do update set title = excluded.title, creator_id = excluded.creator_id,
         creator_user_id = excluded.creator_user_id, genre = excluded.genre,
         duration_minutes = excluded.duration_minutes, poster_url = excluded.poster_url,
         status = excluded.status, updated_at = excluded.updated_at,
         description = excluded.description, language = excluded.language,
         release_year = excluded.release_year, video_url = excluded.video_url,
         ai_disclosure = coalesce(excluded.ai_disclosure, moderation_items.ai_disclosure),
         submitted_at = coalesce(excluded.submitted_at, moderation_items.submitted_at),
         reason = excluded.reason
       where moderation_items.updated_at <= excluded.updated_at`,
      [
        event.filmId.toString(),
        event.title,
        event.creatorId ? event.creatorId.toString() : null,
        event.creatorUserId || null,
        event.genre,
        event.durationMinutes,
        event.posterUrl || null,
        FilmStatus[event.status].toLowerCase(),
        context.occurredAt,
        event.description,
        event.language,
        event.releaseYear || null,
        event.videoUrl || null,
        disclosure ? JSON.stringify(disclosure) : null,
        event.submittedAt ? timestampDate(event.submittedAt) : null,
        event.reason || null,
      ],
    );
  }
}
