import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmStatus, FilmStatusChangedSchema, topicOf, type FilmStatusChanged } from '@kinora/proto';
import { ModerationRepository } from './moderation.repository';

/**
 * Keeps moderation_items, the review queue's read model, from catalog's film status events: the
 * latest state by occurred time wins, so an older event arriving late changes nothing. An event
 * without an AI disclosure keeps the one already known (status changes need not repeat it).
 * decided_at is admin's own (set by a decision) and never touched here.
 */
@Controller()
export class FilmStatusChangedHandler {
  constructor(private readonly moderation: ModerationRepository) {}

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
    await this.moderation.applyFilmState({
      film_id: event.filmId.toString(),
      title: event.title,
      creator_id: event.creatorId ? event.creatorId.toString() : null,
      creator_user_id: event.creatorUserId || null,
      genre: event.genre,
      duration_minutes: event.durationMinutes,
      poster_url: event.posterUrl || null,
      status: FilmStatus[event.status].toLowerCase(),
      updated_at: context.occurredAt.toISOString(),
      description: event.description,
      language: event.language,
      release_year: event.releaseYear || null,
      video_url: event.videoUrl || null,
      ai_disclosure: disclosure,
      submitted_at: event.submittedAt ? timestampDate(event.submittedAt).toISOString() : null,
      reason: event.reason || null,
    });
  }
}
