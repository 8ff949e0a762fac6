import { Injectable } from '@nestjs/common';
import { sql, type Insertable, type Kysely } from 'kysely';
import { InjectQueryDb } from '../database/query-db';
import { takeExcluded } from '../database/upsert';
import type { DB } from '../database.gen';

type KnownUserValues = Omit<Insertable<DB['known_users']>, 'updated_at'>;

/** The users read model every service keeps from auth's user events. */
@Injectable()
export class KnownUsersRepository {
  /** The service's own QueryDb: its schema includes these tables. */
  constructor(@InjectQueryDb() private readonly db: Kysely<DB>) {}

  /** Inserts or updates the user unless the stored version is newer. */
  async upsert(user: KnownUserValues): Promise<void> {
    await this.db
      .insertInto('known_users')
      .values({ ...user, updated_at: sql`now()` })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => ({
            ...takeExcluded(eb, [
              'email',
              'first_name',
              'last_name',
              'profile_image_url',
              'is_admin',
              'roles',
              'subscription_type',
              'version',
            ]),
            updated_at: sql`now()`,
          }))
          .whereRef('known_users.version', '<=', 'excluded.version'),
      )
      .execute();
  }
}
