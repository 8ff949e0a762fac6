import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';
import { MemberTiesRepository } from '../member-ties.repository';

/** Members' follows of critics. */
@Injectable()
export class CriticFollowsRepository extends MemberTiesRepository {
  constructor(@InjectQueryDb() db: Db) {
    super(db, 'critic_follows', 'critic_id', 'critics');
  }

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
}
