import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import { CreatorFollowerCountChangedSchema } from '@kinora/proto';
import type { FollowedCreatorsDto, FollowResultDto, FollowStatusDto } from './dto/follow.dto';
import { mapFollowedCreators, mapFollowResult, mapFollowStatus } from './follow.mapper';

@Injectable()
export class FollowsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Follows or unfollows a creator; repeating either changes nothing. A real change bumps the
   * creator's follower version and records social.creator-follower-count-changed.v1 in the same
   * transaction.
   */
  async set(creatorId: number, userId: string, following: boolean): Promise<FollowResultDto> {
    return this.em.fork().transactional(async (em) => {
      // Locks the creator row: changes of one creator's followers are serialised, so each event's
      // count and version are those right after its own change.
      const [creator] = await em.execute<{ user_id: string }[]>(
        'select user_id from creators where id = ? for update',
        [creatorId],
      );
      if (!creator) throw new NotFoundException(`Creator ${creatorId} not found`);
      if (following && creator.user_id === userId) {
        throw new BadRequestException('You cannot follow yourself');
      }
      const changed = await em.execute<unknown[]>(
        following
          ? 'insert into follows (user_id, creator_id) values (?, ?) on conflict do nothing returning 1'
          : 'delete from follows where user_id = ? and creator_id = ? returning 1',
        [userId, creatorId],
      );
      const [totals] = await em.execute<{ follower_count: number; version: string }[]>(
        changed.length > 0
          ? `update creators set follower_version = follower_version + 1 where id = ?
             returning follower_version as version,
               (select count(*)::int from follows where creator_id = ?) as follower_count`
          : `select follower_version as version,
               (select count(*)::int from follows where creator_id = ?) as follower_count
               from creators where id = ?`,
        [creatorId, creatorId],
      );
      if (changed.length > 0) {
        this.outbox.add(
          em,
          CreatorFollowerCountChangedSchema,
          {
            creatorId: BigInt(creatorId),
            followerCount: totals!.follower_count,
            version: BigInt(totals!.version),
          },
          String(creatorId),
        );
      }
      return mapFollowResult(creatorId, following, totals!.follower_count);
    });
  }

  async status(creatorId: number, userId: string): Promise<FollowStatusDto> {
    const [row] = await this.em.fork().execute<{ following: boolean }[]>(
      `select exists (select 1 from follows where creator_id = c.id and user_id = ?) as following
         from creators c where c.id = ?`,
      [userId, creatorId],
    );
    if (!row) throw new NotFoundException(`Creator ${creatorId} not found`);
    return mapFollowStatus(row.following);
  }

  /** The creators the member follows, newest follow first. */
  async followed(userId: string): Promise<FollowedCreatorsDto> {
    const rows = await this.em
      .fork()
      .execute<{ creator_id: number }[]>(
        'select creator_id from follows where user_id = ? order by created_at desc, creator_id desc',
        [userId],
      );
    return mapFollowedCreators(rows);
  }
}
