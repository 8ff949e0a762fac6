import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
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
    private readonly follows: CriticFollowsRepository,
  ) {}

  /** Follows or unfollows a critic; repeating either changes nothing. A critic cannot follow themself. */
  async set(criticId: number, userId: string, following: boolean): Promise<CriticFollowResultDto> {
    return this.em.fork().transactional(async () => {
      // Locks the critic row, so the count returned is the one right after this change.
      const account = await this.follows.lockCriticAccount(criticId);
      if (account === undefined) throw new NotFoundException(`Critic ${criticId} not found`);
      if (following && account === userId) throw new BadRequestException('You cannot follow yourself');
      await this.follows.set(userId, criticId, following);
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
