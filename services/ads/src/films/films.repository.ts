import { InjectQueryDb, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { Films } from '../database.gen';
import type { Db } from '../db';

/** The films read model: what delivery needs of catalog's films (genre, length, status). */
@Injectable()
export class FilmsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Delivery reads it on every cache miss. */
  find(id: number) {
    return this.db.prepared
      .selectFrom('films')
      .select(['id', 'genre', 'duration_minutes', 'duration_seconds', 'status'])
      .where('id', '=', String(id))
      .executeTakeFirst();
  }

  /** Writes the film unless the stored one is newer (a late replay). */
  async upsert(film: Insertable<Films> & { updated_at: string }): Promise<void> {
    await this.db
      .insertInto('films')
      .values(film)
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) =>
            takeExcluded(eb, ['genre', 'duration_minutes', 'duration_seconds', 'status', 'updated_at']),
          )
          .whereRef('films.updated_at', '<=', 'excluded.updated_at'),
      )
      .execute();
  }
}
