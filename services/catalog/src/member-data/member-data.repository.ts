import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** What catalog holds of one member: their creator profile and its films. */
@Injectable()
export class MemberDataRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  creatorOf(userId: string) {
    return this.db
      .selectFrom('creators')
      .select(['id', 'bio', 'website', 'social_links', 'is_verified', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  filmsOf(creatorId: number) {
    return this.db
      .selectFrom('films')
      .select(['id', 'title', 'status', 'created_at'])
      .where('creator_id', '=', creatorId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
