import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { CreatorFollowerCountChangedSchema, topicOf, type CreatorFollowerCountChanged } from '@kinora/proto';
import { CreatorsRepository } from './creators.repository';

/**
 * Keeps a creator's follower count from social's follows. Each event carries the count after one
 * follow or unfollow and a per-creator version; only a version higher than the stored one is
 * applied, so a duplicated, replayed or out-of-order event never changes the count (the latest
 * count always wins).
 */
@Controller()
export class CreatorFollowerCountChangedHandler {
  constructor(private readonly creators: CreatorsRepository) {}

  @EventPattern(topicOf(CreatorFollowerCountChangedSchema), {
    ledgerKey: 'CreatorFollowerCountChangedHandler',
  })
  async handle(@Payload() event: CreatorFollowerCountChanged): Promise<void> {
    await this.creators.applyFollowerCount(Number(event.creatorId), event.followerCount, event.version);
  }
}
