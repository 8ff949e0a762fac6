import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';
import { MemberTiesRepository } from '../member-ties.repository';

/** The creator's follower count now (a scalar subquery). */
function followerCount(eb: ExpressionBuilder<DB, 'creators'>, creatorId: number) {
  return eb
    .selectFrom('follows')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('follows.creator_id', '=', creatorId)
    .$asScalar();
}

/** Members' follows of creators, and the follower version social keeps per creator. */
@Injectable()
export class FollowsRepository extends MemberTiesRepository {
  constructor(@InjectQueryDb() db: Db) {
    super(db, 'follows', 'creator_id', 'creators');
  }

  /**
   * The creator's owner, the creator row locked until the transaction ends: changes of one
   * creator's followers are serialised.
   */
  async lockCreatorOwner(creatorId: number): Promise<string | undefined> {
    const creator = await this.db
      .selectFrom('creators')
      .select('user_id')
      .where('id', '=', creatorId)
      .forUpdate()
      .executeTakeFirst();
    return creator?.user_id;
  }

  /** Bumps the creator's follower version: the version and count right after a change. */
  bumpFollowerVersion(creatorId: number) {
    return this.db
      .updateTable('creators')
      .set((eb) => ({ follower_version: eb('follower_version', '+', '1') }))
      .where('id', '=', creatorId)
      .returning((eb) => ['follower_version as version', followerCount(eb, creatorId).as('follower_count')])
      .executeTakeFirstOrThrow();
  }

  /** The creator's follower version and count, unchanged. */
  followerTotals(creatorId: number) {
    return this.db
      .selectFrom('creators')
      .select((eb) => ['follower_version as version', followerCount(eb, creatorId).as('follower_count')])
      .where('id', '=', creatorId)
      .executeTakeFirstOrThrow();
  }
}
