import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import {
  CreatorFollowerCountChangedSchema,
  CreatorRegisteredSchema,
  CreatorStandingChangedSchema,
  topicOf,
  type CreatorFollowerCountChanged,
  type CreatorRegistered,
  type CreatorStandingChanged,
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

  /** An admin verified or unverified the creator (or changed their suspension): the newest version wins. */
  @EventPattern(topicOf(CreatorStandingChangedSchema), { ledgerKey: 'CreatorStandingChangedHandler' })
  async standingChanged(@Payload() event: CreatorStandingChanged): Promise<void> {
    await this.creators.applyStanding(Number(event.creatorId), event.userId, event.isVerified, event.version);
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
