import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** Everything social holds of one member, for their data archive (oldest first, nothing left out). */
@Injectable()
export class MemberExportRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  reviews(userId: string) {
    return this.db
      .selectFrom('reviews as r')
      .leftJoin('films as f', 'f.id', 'r.film_id')
      .select(['r.id', 'r.film_id', 'f.title', 'r.rating', 'r.review', 'r.created_at', 'r.edited_at'])
      .where('r.user_id', '=', userId)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute();
  }

  lists(userId: string) {
    return this.db
      .selectFrom('list_entries as l')
      .leftJoin('films as f', 'f.id', 'l.film_id')
      .select(['l.list_type', 'l.film_id', 'f.title', 'l.created_at', 'l.progress_seconds'])
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at')
      .orderBy('l.id')
      .execute();
  }

  likes(userId: string) {
    return this.db
      .selectFrom('likes as l')
      .leftJoin('films as f', 'f.id', 'l.film_id')
      .select(['l.film_id', 'f.title', 'l.created_at'])
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at')
      .orderBy('l.film_id')
      .execute();
  }

  async follows(userId: string) {
    const creators = await this.db
      .selectFrom('follows')
      .select(['creator_id as id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('creator_id')
      .execute();
    const critics = await this.db
      .selectFrom('critic_follows')
      .select(['critic_id as id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('critic_id')
      .execute();
    return { creators, critics };
  }

  notifications(userId: string) {
    return this.db
      .selectFrom('notifications')
      .select(['kind', 'film_id', 'creator_id', 'critic_id', 'title', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
