import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import { MemberTieKind } from '@kinora/proto';
import { recordMemberTie } from '../member-tie.event';
import { CriticFollowsRepository } from './critic-follows.repository';
import type {
  CriticFollowResultDto,
  CriticFollowStatusDto,
  FollowedCriticsDto,
} from './dto/critic-follow.dto';

@Injectable()
export class CriticFollowsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly follows: CriticFollowsRepository,
  ) {}

  /**
   * Follows or unfollows a critic; repeating either changes nothing. A critic cannot follow themself.
   * A real change records the member's tie (social.member-tie-changed.v1) in the same transaction.
   */
  async set(criticId: number, userId: string, following: boolean): Promise<CriticFollowResultDto> {
    return this.em.fork().transactional(async (em) => {
      // Locks the critic row, so the count returned is the one right after this change.
      const account = await this.follows.lockCriticAccount(criticId);
      if (account === undefined) throw new NotFoundException(`Critic ${criticId} not found`);
      if (following && account === userId) throw new BadRequestException('You cannot follow yourself');
      if (await this.follows.set(userId, criticId, following)) {
        recordMemberTie(em, this.outbox, {
          userId,
          kind: MemberTieKind.CRITIC_FOLLOW,
          targetId: criticId,
          value: following ? 1 : 0,
        });
      }
      return { criticId, isFollowing: following, followerCount: await this.follows.count(criticId) };
    });
  }

  async status(criticId: number, userId: string): Promise<CriticFollowStatusDto> {
    const following = await this.follows.isTied(userId, criticId);
    if (following === undefined) throw new NotFoundException(`Critic ${criticId} not found`);
    return { isFollowing: following };
  }

  async following(userId: string): Promise<FollowedCriticsDto> {
    return { criticIds: await this.follows.tiedTo(userId) };
  }
}
