import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmDeletedSchema, topicOf, type FilmDeleted } from '@kinora/proto';
import { ModerationRepository } from './moderation.repository';

/**
 * A creator deleted a film that was never published: its moderation item becomes a tombstone
 * (status deleted, at the deletion's time), so it leaves the queue and the counts, a decision on it
 * is a 404, and a status event of the film older than the deletion (another topic, so it may
 * arrive later) cannot bring it back.
 */
@Controller()
export class FilmDeletedHandler {
  constructor(private readonly moderation: ModerationRepository) {}

  @EventPattern(topicOf(FilmDeletedSchema), { ledgerKey: 'FilmDeletedHandler' })
  async handle(@Payload() event: FilmDeleted, @Ctx() context: EventContext): Promise<void> {
    await this.moderation.markDeleted(event.filmId, context.occurredAt);
  }
}
