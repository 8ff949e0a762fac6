import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** Members' follows of critics. */
@Injectable()
export class CriticFollowsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * Locks the critic row until the transaction ends and answers the id of the account the critic
   * signs in with (null while social knows none); undefined when there is no such critic.
   */
  async lockCriticAccount(criticId: number): Promise<string | null | undefined> {
    const critic = await this.db
      .selectFrom('critics as c')
      .leftJoin('known_users as u', 'u.email', 'c.email')
      .select('u.id as user_id')
      .where('c.id', '=', criticId)
      .forUpdate('c')
      .executeTakeFirst();
    return critic === undefined ? undefined : critic.user_id;
  }

  /** Following twice is one follow. */
  async follow(userId: string, criticId: number): Promise<void> {
    await this.db
      .insertInto('critic_follows')
      .values({ user_id: userId, critic_id: criticId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async unfollow(userId: string, criticId: number): Promise<void> {
    await this.db
      .deleteFrom('critic_follows')
      .where('user_id', '=', userId)
      .where('critic_id', '=', criticId)
      .execute();
  }

  async followerCount(criticId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('critic_follows')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('critic_id', '=', criticId)
      .executeTakeFirstOrThrow();
    return n;
  }

  /** Whether the member follows the critic; undefined when there is no such critic. */
  async isFollowing(userId: string, criticId: number): Promise<boolean | undefined> {
    const row = await this.db
      .selectFrom('critics as c')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('critic_follows')
              .select(eb.lit(1).as('one'))
              .whereRef('critic_follows.critic_id', '=', 'c.id')
              .where('critic_follows.user_id', '=', userId),
          )
          .$castTo<boolean>()
          .as('following'),
      )
      .where('c.id', '=', criticId)
      .executeTakeFirst();
    return row?.following;
  }

  /** The critics the member follows, newest follow first. */
  followedCritics(userId: string) {
    return this.db
      .selectFrom('critic_follows')
      .select('critic_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('critic_id', 'desc')
      .execute();
  }
}
