import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** The pre-launch page's waitlist and "Help Shape" feedback. */
@Injectable()
export class PrelaunchRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Adds the address; false when it is already on the waitlist. */
  async joinWaitlist(email: string): Promise<boolean> {
    const inserted = await this.db
      .insertInto('waitlist')
      .values({ email })
      .onConflict((conflict) => conflict.doNothing())
      .returning('email')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async addFeedback(feedback: Insertable<DB['feedback']>): Promise<void> {
    await this.db.insertInto('feedback').values(feedback).execute();
  }

  /** Newest first. */
  waitlist(limit: number, offset: number) {
    return this.db
      .selectFrom('waitlist')
      .select(['email', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('email')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Newest first. */
  feedback(limit: number, offset: number) {
    return this.db
      .selectFrom('feedback')
      .select(['id', 'name', 'email', 'vision', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}
