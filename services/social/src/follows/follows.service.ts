import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import { CreatorFollowerCountChangedSchema, MemberTieKind } from '@kinora/proto';
import type { FollowedCreatorsDto, FollowResultDto, FollowStatusDto } from './dto/follow.dto';
import { recordMemberTie } from '../member-tie.event';
import { mapFollowResult, mapFollowStatus } from './follow.mapper';
import { FollowsRepository } from './follows.repository';

@Injectable()
export class FollowsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly follows: FollowsRepository,
  ) {}

  /**
   * Follows or unfollows a creator; repeating either changes nothing. A real change bumps the
   * creator's follower version and records social.creator-follower-count-changed.v1 and the
   * member's tie (social.member-tie-changed.v1) in the same transaction.
   */
  async set(creatorId: number, userId: string, following: boolean): Promise<FollowResultDto> {
    return this.em.fork().transactional(async (em) => {
      // Locks the creator row: changes of one creator's followers are serialised, so each event's
      // count and version are those right after its own change.
      const owner = await this.follows.lockCreatorOwner(creatorId);
      if (owner === undefined) throw new NotFoundException(`Creator ${creatorId} not found`);
      if (following && owner === userId) {
        throw new BadRequestException('You cannot follow yourself');
      }
      const changed = await this.follows.set(userId, creatorId, following);
      const totals = changed
        ? await this.follows.bumpFollowerVersion(creatorId)
        : await this.follows.followerTotals(creatorId);
      if (changed) {
        this.outbox.add(
          em,
          CreatorFollowerCountChangedSchema,
          {
            creatorId: BigInt(creatorId),
            followerCount: totals.follower_count,
            version: BigInt(totals.version),
          },
          String(creatorId),
        );
        recordMemberTie(em, this.outbox, {
          userId,
          kind: MemberTieKind.CREATOR_FOLLOW,
          targetId: creatorId,
          value: following ? 1 : 0,
        });
      }
      return mapFollowResult(creatorId, following, totals.follower_count);
    });
  }

  async status(creatorId: number, userId: string): Promise<FollowStatusDto> {
    const following = await this.follows.isTied(userId, creatorId);
    if (following === undefined) throw new NotFoundException(`Creator ${creatorId} not found`);
    return mapFollowStatus(following);
  }

  /** The creators the member follows, newest follow first. */
  async followed(userId: string): Promise<FollowedCreatorsDto> {
    return { creatorIds: await this.follows.tiedTo(userId) };
  }
}
