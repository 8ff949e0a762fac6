import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import {
  CreatorFollowerCountChangedSchema,
  CreatorRegisteredSchema,
  topicOf,
  type CreatorFollowerCountChanged,
  type CreatorRegistered,
} from '@kinora/proto';

/** analytics' read model of creators, and every follower count they had (for growth over time). */
@Controller()
export class CreatorEventsHandlers {
  @EventPattern(topicOf(CreatorRegisteredSchema), { ledgerKey: 'CreatorRegisteredHandler' })
  async registered(@Payload() event: CreatorRegistered, @Ctx() context: EventContext): Promise<void> {
    await context.em.execute(
      `insert into creators (id, user_id, is_verified) values (?, ?, ?)
       on conflict (id) do update set user_id = excluded.user_id, is_verified = excluded.is_verified`,
      [Number(event.creatorId), event.userId, event.isVerified],
    );
  }

  /**
   * The count after each change, with a per-creator version: the history keeps each version once,
   * the current count only moves to a higher version.
   */
  @EventPattern(topicOf(CreatorFollowerCountChangedSchema), {
    ledgerKey: 'CreatorFollowerCountChangedHandler',
  })
  async followersChanged(
    @Payload() event: CreatorFollowerCountChanged,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const creatorId = Number(event.creatorId);
    await context.em.execute(
      `insert into follower_counts (creator_id, version, followers, changed_at) values (?, ?, ?, ?)
       on conflict do nothing`,
      [creatorId, event.version.toString(), event.followerCount, context.occurredAt],
    );
    await context.em.execute(
      `insert into creators (id, user_id, followers, followers_version) values (?, '', ?, ?)
       on conflict (id) do update set followers = excluded.followers, followers_version = excluded.followers_version
       where creators.followers_version < excluded.followers_version`,
      [creatorId, event.followerCount, event.version.toString()],
    );
  }
}
