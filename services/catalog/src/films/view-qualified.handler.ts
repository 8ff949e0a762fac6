import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { topicOf, ViewQualifiedSchema, type ViewQualified } from '@kinora/proto';
import { FilmsRepository } from './films.repository';

/**
 * A viewing session qualified as a view (the view rule, docs/catalog.md): record it for Trending and
 * add it to the film's viewCount. Keyed by session, so a session counts once however often its
 * event arrives.
 */
@Controller()
export class ViewQualifiedHandler {
  constructor(private readonly films: FilmsRepository) {}

  @EventPattern(topicOf(ViewQualifiedSchema), { ledgerKey: 'ViewQualifiedHandler' })
  async handle(@Payload() event: ViewQualified, @Ctx() context: EventContext): Promise<void> {
    await this.films.addView({
      filmId: Number(event.filmId),
      viewerKey: event.userId ? `user:${event.userId}` : `session:${event.sessionId}`,
      viewedAt: event.qualifiedAt ? timestampDate(event.qualifiedAt) : context.occurredAt,
      sessionId: event.sessionId,
    });
  }
}
