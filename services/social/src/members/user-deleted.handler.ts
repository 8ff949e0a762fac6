import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { OutboxService, type EventContext } from '@kinora/common';
import {
  CreatorFollowerCountChangedSchema,
  topicOf,
  UserDeletedSchema,
  type UserDeleted,
} from '@kinora/proto';
import { FollowsRepository } from '../follows/follows.repository';
import { ContinueWatchingRepository } from '../lists/continue-watching.repository';
import { MemberErasureRepository } from './member-erasure.repository';

/**
 * A member deleted their account. Their likes, follows, lists and notifications go; each creator
 * who lost a follower gets a new count (social.creator-follower-count-changed.v1, as for an
 * unfollow); viewing progress arriving late is dropped; their critic profile is anonymised. Their
 * reviews stay, with the film ratings they feed, under the anonymised users row (no name).
 * A redelivery finds nothing left to remove and publishes nothing.
 */
@Controller()
export class UserDeletedHandler {
  constructor(
    private readonly outbox: OutboxService,
    private readonly erasure: MemberErasureRepository,
    private readonly follows: FollowsRepository,
    private readonly continueWatching: ContinueWatchingRepository,
  ) {}

  @EventPattern(topicOf(UserDeletedSchema), { ledgerKey: 'SocialUserDeletedHandler' })
  async handle(@Payload() event: UserDeleted, @Ctx() context: EventContext): Promise<void> {
    const userId = event.user?.userId;
    if (!userId) throw new Error('auth.user-deleted.v1 without a user');
    const deletedAt = event.deletedAt ? timestampDate(event.deletedAt) : context.occurredAt;

    // Creators in id order, each locked before its count changes (as an unfollow does).
    const creatorIds = (await this.follows.tiedTo(userId)).sort((a, b) => a - b);
    for (const creatorId of creatorIds) await this.follows.lockCreatorOwner(creatorId);
    const unfollowed = new Set(await this.erasure.removeFollows(userId));
    for (const creatorId of creatorIds.filter((id) => unfollowed.has(id))) {
      const totals = await this.follows.bumpFollowerVersion(creatorId);
      this.outbox.add(
        context.em,
        CreatorFollowerCountChangedSchema,
        {
          creatorId: BigInt(creatorId),
          followerCount: totals.follower_count,
          version: BigInt(totals.version),
        },
        String(creatorId),
      );
    }

    await this.continueWatching.lock(userId);
    await this.continueWatching.clear(userId, deletedAt);
    await this.erasure.removeTies(userId);
    if (event.criticId > 0n && event.user) {
      await this.erasure.anonymiseCritic(Number(event.criticId), event.user.email);
    }
  }
}
