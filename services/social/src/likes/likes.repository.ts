import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** Members' likes of films. */
@Injectable()
export class LikesRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Liking twice is one like. */
  async like(userId: string, filmId: number): Promise<void> {
    await this.db
      .insertInto('likes')
      .values({ user_id: userId, film_id: filmId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async unlike(userId: string, filmId: number): Promise<void> {
    await this.db.deleteFrom('likes').where('user_id', '=', userId).where('film_id', '=', filmId).execute();
  }

  async count(filmId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('likes')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('film_id', '=', filmId)
      .executeTakeFirstOrThrow();
    return n;
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
