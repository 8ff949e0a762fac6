import { InjectQueryDb, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** analytics' read model of creators, and every follower count they had (for growth over time). */
@Injectable()
export class CreatorsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** The user behind a creator analytics has heard of (registered, not only followed). */
  async userOf(creatorId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('creators')
      .select('user_id')
      .where('id', '=', creatorId)
      .where('user_id', '<>', '')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** A registered creator; its is_verified stands only until a standing event has been applied. */
  async register(creatorId: number, userId: string, isVerified: boolean): Promise<void> {
    await this.db
      .insertInto('creators')
      .values({ id: creatorId, user_id: userId, is_verified: isVerified })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          is_verified: eb
            .case()
            .when('creators.standing_version', '=', '0')
            .then(eb.ref('excluded.is_verified'))
            .else(eb.ref('creators.is_verified'))
            .end(),
        })),
      )
      .execute();
  }

  /** The verified tick from catalog's standing events, if their version is newer than the stored one. */
  async applyStanding(
    creatorId: number,
    userId: string,
    isVerified: boolean,
    version: bigint,
  ): Promise<void> {
    await this.db
      .insertInto('creators')
      .values({
        id: creatorId,
        user_id: userId,
        is_verified: isVerified,
        standing_version: version.toString(),
      })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => takeExcluded(eb, ['user_id', 'is_verified', 'standing_version']))
          .whereRef('creators.standing_version', '<', 'excluded.standing_version'),
      )
      .execute();
  }

  /**
   * Records the count after one change: the history keeps each version once, the current count
   * only moves to a higher version (a creator not registered yet is kept with no user).
   */
  async applyFollowerCount(
    creatorId: number,
    followers: number,
    version: bigint,
    changedAt: Date,
  ): Promise<void> {
    await this.db
      .insertInto('follower_counts')
      .values({
        creator_id: creatorId,
        version: version.toString(),
        followers,
        changed_at: changedAt.toISOString(),
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await this.db
      .insertInto('creators')
      .values({ id: creatorId, user_id: '', followers, followers_version: version.toString() })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => takeExcluded(eb, ['followers', 'followers_version']))
          .whereRef('creators.followers_version', '<', 'excluded.followers_version'),
      )
      .execute();
  }
}
