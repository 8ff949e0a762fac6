import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** What the demo seed looks up: who and what social knows so far, and what is already seeded. */
@Injectable()
export class SeedRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  knownUsers() {
    return this.db.selectFrom('known_users').select(['id', 'email']).execute();
  }

  /** Published films by title (films without a title cannot be named by the demo content). */
  publishedFilms() {
    return this.db
      .selectFrom('films')
      .select(['id', 'title'])
      .where('status', '=', 'published')
      .where('title', 'is not', null)
      .$narrowType<{ title: string }>()
      .execute();
  }

  /** Creators with their owner's address. */
  creators() {
    return this.db
      .selectFrom('creators as c')
      .innerJoin('known_users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'u.email'])
      .execute();
  }

  critics() {
    return this.db.selectFrom('critics').select(['id', 'email']).execute();
  }

  hasCritic(email: string): Promise<boolean> {
    return found(this.db.selectFrom('critics').select('id').where('email', '=', email));
  }

  hasReview(filmId: number, userId: string): Promise<boolean> {
    return found(
      this.db.selectFrom('reviews').select('id').where('film_id', '=', filmId).where('user_id', '=', userId),
    );
  }

  hasCriticReview(filmId: number, criticId: number): Promise<boolean> {
    return found(
      this.db
        .selectFrom('critic_reviews')
        .select('id')
        .where('film_id', '=', filmId)
        .where('critic_id', '=', criticId),
    );
  }
}

/** Whether the query finds a row. */
async function found(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}
