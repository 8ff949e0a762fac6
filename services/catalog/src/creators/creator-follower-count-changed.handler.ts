import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CreatorFollowerCountChangedSchema, topicOf, type CreatorFollowerCountChanged } from '@kinora/proto';

/**
 * Keeps a creator's follower count from social's follows. Each event carries the count after one
 * follow or unfollow and a per-creator version; only a version higher than the stored one is
 * applied, so a duplicated, replayed or out-of-order event never changes the count (the latest
 * count always wins).
 */
@Controller()
export class CreatorFollowerCountChangedHandler {
  @EventPattern(topicOf(CreatorFollowerCountChangedSchema), {
    ledgerKey: 'CreatorFollowerCountChangedHandler',
  })
  async handle(@Payload() event: CreatorFollowerCountChanged, @Ctx() context: EventContext): Promise<void> {
    await context.em.execute(
      `update creators set follower_count = ?, follower_version = ? where id = ? and follower_version < ?`,
      [event.followerCount, event.version.toString(), Number(event.creatorId), event.version.toString()],
    );
  }
}
