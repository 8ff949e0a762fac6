import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { topicOf, UserDeletedSchema, type UserDeleted } from '@kinora/proto';
import { RecommendationsRepository } from '../recommendations/recommendations.repository';
import { WatchHistoryRepository } from './watch-history.repository';

/**
 * A member deleted their account: their viewing history is unlinked from them, so no platform,
 * film or creator figure changes (the users read model itself is anonymised by KnownUsersModule),
 * and the recommendation model forgets them.
 * A redelivery finds nothing left to unlink.
 */
@Controller()
export class UserDeletedHandler {
  constructor(
    private readonly history: WatchHistoryRepository,
    private readonly recommendations: RecommendationsRepository,
  ) {}

  @EventPattern(topicOf(UserDeletedSchema), { ledgerKey: 'AnalyticsUserDeletedHandler' })
  async handle(@Payload() event: UserDeleted, @Ctx() context: EventContext): Promise<void> {
    const userId = event.user?.userId;
    if (!userId) throw new Error('auth.user-deleted.v1 without a user');
    await this.history.unlink(userId, event.deletedAt ? timestampDate(event.deletedAt) : context.occurredAt);
    await this.recommendations.forget(userId);
  }
}
