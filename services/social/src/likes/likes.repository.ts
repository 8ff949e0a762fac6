import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';
import { MemberTiesRepository } from '../member-ties.repository';

/** Members' likes of films. */
@Injectable()
export class LikesRepository extends MemberTiesRepository {
  constructor(@InjectQueryDb() db: Db) {
    super(db, 'likes', 'film_id', 'films');
  }

  /** The member's liked films that are published, newest like first. */
  likedFilms(userId: string) {
    return this.db
      .selectFrom('likes as l')
      .innerJoin('films as f', (join) =>
        join.onRef('f.id', '=', 'l.film_id').on('f.status', '=', 'published'),
      )
      .select('l.film_id')
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.film_id', 'desc')
      .execute();
  }
}
