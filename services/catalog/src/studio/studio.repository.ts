import { InjectQueryDb, lockForTransaction } from '@kinora/common';
import type { MediaStatus } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';
import type { FilmStatus } from '../films/film.entity';
import { filmSelect } from '../films/film-queries';

/** A film as the studio shows it: filmSelect plus its media state and review reason. */
function studioFilmSelect(db: Kysely<DB>) {
  return filmSelect(db)
    .leftJoin('film_media as fm', 'fm.film_id', 'f.id')
    .select((eb) => [
      eb.ref('fm.status').$castTo<MediaStatus | null>().as('m_status'),
      'fm.progress as m_progress',
      'fm.failure_reason as m_failure_reason',
      'f.moderation_reason',
    ]);
}

/** A creator's id and the name their watermark shows: the account's names, else "Kinora creator". */
function creatorWithName(db: Kysely<DB>) {
  return db
    .selectFrom('creators as c')
    .leftJoin('known_users as u', 'u.id', 'c.user_id')
    .select((eb) => [
      'c.id',
      eb.fn
        .coalesce(
          eb.fn<string | null>('nullif', [
            eb.fn<string>('trim', [eb.fn<string>('concat_ws', [eb.val(' '), 'u.first_name', 'u.last_name'])]),
            eb.val(''),
          ]),
          eb.val('Kinora creator'),
        )
        .as('name'),
    ]);
}

export type StudioFilmRecord = Awaited<
  ReturnType<ReturnType<typeof studioFilmSelect>['executeTakeFirstOrThrow']>
>;

/** A film's details as the studio writes them (ai_disclosure: its JSON text). */
export type StudioFilmDetails = Pick<
  Insertable<DB['films']>,
  'creator_id' | 'title' | 'description' | 'genre' | 'language' | 'release_year' | 'duration_minutes'
> & { ai_disclosure: string };

export type StudioFilmChanges = Pick<
  Updateable<DB['films']>,
  'title' | 'description' | 'genre' | 'language' | 'release_year'
> & { ai_disclosure?: string };

/** The creator studio's reads and writes of a creator's own films and their caption tracks. */
@Injectable()
export class StudioRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** The films of the creator whose user this is, newest first. */
  listByUser(userId: string): Promise<StudioFilmRecord[]> {
    return studioFilmSelect(this.db)
      .where('c.user_id', '=', userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .execute();
  }

  find(id: number): Promise<StudioFilmRecord | undefined> {
    return studioFilmSelect(this.db).where('f.id', '=', id).executeTakeFirst();
  }

  /**
   * The film's creator and status if `userId`'s creator owns it (`lock`: `for update` on the film,
   * inside the transaction that changes it).
   */
  ownFilm(id: number, userId: string, lock: boolean) {
    return this.db
      .selectFrom('films as f')
      .innerJoin('creators as c', 'c.id', 'f.creator_id')
      .select((eb) => ['f.creator_id', eb.ref('f.status').$castTo<FilmStatus>().as('status')])
      .where('f.id', '=', id)
      .where('c.user_id', '=', userId)
      .$if(lock, (q) => q.forUpdate('f'))
      .executeTakeFirst();
  }

  /** The user's creator profile with the name its watermark shows ("Kinora creator" without one). */
  creatorOf(userId: string) {
    return creatorWithName(this.db).where('c.user_id', '=', userId).executeTakeFirst();
  }

  /** A creator by id, as creatorOf, with whether they are suspended (an admin adds a film for them). */
  creatorById(id: number) {
    return creatorWithName(this.db)
      .select((eb) => eb('c.suspended_at', 'is not', null).as('suspended'))
      .where('c.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Serialises title checks of one creator until the transaction ends, so two requests cannot
   * both take a title.
   */
  lockTitles(creatorId: number): Promise<void> {
    return lockForTransaction<DB>(this.db, 'catalog.films.title', creatorId);
  }

  /** Whether the creator has another film (not `exceptId`) with this title, whatever its case. */
  async titleTaken(creatorId: number, title: string, exceptId = 0): Promise<boolean> {
    const taken = await this.db
      .selectFrom('films')
      .select((eb) => eb.lit(1).as('taken'))
      .where('creator_id', '=', creatorId)
      .where((eb) => eb(eb.fn('lower', ['title']), '=', eb.fn('lower', [eb.val(title)])))
      .where('id', '<>', exceptId)
      .limit(1)
      .executeTakeFirst();
    return taken !== undefined;
  }

  /** A new film (pending, its media to come): its id. */
  async insertFilm(details: StudioFilmDetails): Promise<number> {
    const { id } = await this.db
      .insertInto('films')
      .values(details)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Changes the given details; nothing else. */
  async updateFilm(id: number, changes: StudioFilmChanges): Promise<void> {
    await this.db.updateTable('films').set(changes).where('id', '=', id).execute();
  }

  /** Removes a film (its captions and media row go with it). */
  async deleteFilm(id: number): Promise<void> {
    await this.db.deleteFrom('films').where('id', '=', id).execute();
  }

  async insertCaptions(filmId: number, captions: { language: string; label: string }[]): Promise<void> {
    if (captions.length === 0) return;
    await this.db
      .insertInto('film_captions')
      .values(captions.map(({ language, label }) => ({ film_id: filmId, language, label })))
      .execute();
  }

  async deleteCaptions(filmId: number): Promise<void> {
    await this.db.deleteFrom('film_captions').where('film_id', '=', filmId).execute();
  }
}
