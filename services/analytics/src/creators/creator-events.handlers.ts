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
import { CreatorsRepository } from './creators.repository';

/** analytics' read model of creators, and every follower count they had (for growth over time). */
@Controller()
export class CreatorEventsHandlers {
  constructor(private readonly creators: CreatorsRepository) {}

  @EventPattern(topicOf(CreatorRegisteredSchema), { ledgerKey: 'CreatorRegisteredHandler' })
  async registered(@Payload() event: CreatorRegistered): Promise<void> {
    await this.creators.register(Number(event.creatorId), event.userId, event.isVerified);
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
    await this.creators.applyFollowerCount(
      Number(event.creatorId),
      event.followerCount,
      event.version,
      context.occurredAt,
    );
  }
}
