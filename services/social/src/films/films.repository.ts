import { compiledRead, InjectQueryDb, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** The films read model: what social knows of catalog's films (see film.entity.ts). */
@Injectable()
export class FilmsRepository {
  /** Every film page's first read (hot: compiled once). */
  private readonly publishedRead;

  constructor(@InjectQueryDb() private readonly db: Db) {
    this.publishedRead = compiledRead(db, (p: { filmId: number }) =>
      db.selectFrom('films').select('id').where('id', '=', p.filmId).where('status', '=', 'published'),
    );
  }

  async isPublished(filmId: number): Promise<boolean> {
    const [film] = await this.publishedRead({ filmId });
    return film !== undefined;
  }

  /**
   * The film's status, its row locked until the transaction ends: `update` serialises the
   * changes of one film, `share` only keeps its status from changing meanwhile.
   */
  async lockStatus(filmId: number, mode: 'update' | 'share'): Promise<string | undefined> {
    const query = this.db.selectFrom('films').select('status').where('id', '=', filmId);
    const film = await (mode === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirst();
    return film?.status;
  }

  /**
   * Applies catalog's view of a film unless a newer one is already applied (by updated_at); the
   * rating version is social's own and is left alone. Answers whether it was applied.
   */
  async applyFromCatalog(
    film: Omit<Insertable<DB['films']>, 'rating_version' | 'updated_at'> & { updated_at: Date },
  ): Promise<boolean> {
    const applied = await this.db
      .insertInto('films')
      .values({ ...film, updated_at: film.updated_at.toISOString() })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) =>
            takeExcluded(eb, [
              'status',
              'title',
              'genre',
              'duration_minutes',
              'poster_url',
              'creator_id',
              'updated_at',
            ]),
          )
          .whereRef('films.updated_at', '<=', 'excluded.updated_at'),
      )
      .executeTakeFirst();
    return applied.numInsertedOrUpdatedRows! > 0n;
  }
}
