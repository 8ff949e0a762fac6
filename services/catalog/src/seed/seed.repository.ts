import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** What the demo seed (src/seed.ts) reads and sets beside the services it goes through. */
@Injectable()
export class SeedRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** The user of an email, once auth's events have brought it into the users read model. */
  async userIdByEmail(email: string): Promise<string | undefined> {
    const user = await this.db
      .selectFrom('known_users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return user?.id;
  }

  async creatorIdOfUser(userId: string): Promise<number | undefined> {
    const creator = await this.db
      .selectFrom('creators')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return creator?.id;
  }

  /** A creator's film of that title, with its media's status (null without a media row). */
  findFilm(creatorId: number, title: string) {
    return this.db
      .selectFrom('films as f')
      .leftJoin('film_media as m', 'm.film_id', 'f.id')
      .select(['f.id', 'f.status', 'm.status as media'])
      .where('f.creator_id', '=', creatorId)
      .where('f.title', '=', title)
      .executeTakeFirst();
  }

  filmStatus(filmId: number) {
    return this.db.selectFrom('films').select('status').where('id', '=', filmId).executeTakeFirst();
  }

  mediaState(filmId: number) {
    return this.db
      .selectFrom('film_media')
      .select(['status', 'failure_reason'])
      .where('film_id', '=', filmId)
      .executeTakeFirst();
  }
}
