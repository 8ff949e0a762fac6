import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type {
  CriticFollowResultDto,
  CriticFollowStatusDto,
  FollowedCriticsDto,
} from './dto/critic-follow.dto';

@Injectable()
export class CriticFollowsService {
  constructor(private readonly em: EntityManager) {}

  /** Follows or unfollows a critic; repeating either changes nothing. A critic cannot follow themself. */
  async set(criticId: number, userId: string, following: boolean): Promise<CriticFollowResultDto> {
    return this.em.fork().transactional(async (em) => {
      // Locks the critic row, so the count returned is the one right after this change.
      const [critic] = await em.execute<{ user_id: string | null }[]>(
        `select u.id as user_id from critics c left join known_users u on u.email = c.email
          where c.id = ? for update of c`,
        [criticId],
      );
      if (!critic) throw new NotFoundException(`Critic ${criticId} not found`);
      if (following && critic.user_id === userId) throw new BadRequestException('You cannot follow yourself');
      await em.execute(
        following
          ? 'insert into critic_follows (user_id, critic_id) values (?, ?) on conflict do nothing'
          : 'delete from critic_follows where user_id = ? and critic_id = ?',
        [userId, criticId],
      );
      const [count] = await em.execute<{ n: number }[]>(
        'select count(*)::int as n from critic_follows where critic_id = ?',
        [criticId],
      );
      return { criticId, isFollowing: following, followerCount: count!.n };
    });
  }

  async status(criticId: number, userId: string): Promise<CriticFollowStatusDto> {
    const [row] = await this.em.fork().execute<{ following: boolean }[]>(
      `select exists (select 1 from critic_follows where critic_id = c.id and user_id = ?) as following
         from critics c where c.id = ?`,
      [userId, criticId],
    );
    if (!row) throw new NotFoundException(`Critic ${criticId} not found`);
    return { isFollowing: row.following };
  }

  async following(userId: string): Promise<FollowedCriticsDto> {
    const rows = await this.em
      .fork()
      .execute<{ critic_id: number }[]>(
        'select critic_id from critic_follows where user_id = ? order by created_at desc, critic_id desc',
        [userId],
      );
    return { criticIds: rows.map((row) => row.critic_id) };
  }
}
