import { InjectQueryDb, type Page } from '@kinora/common';
import type { ListType, WritableListType } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';
import { FILM_SUMMARY_COLUMNS } from '../films/film-summary.mapper';

/**
 * A member's entries with their films. Only published films are shown: an archived film drops out
 * of every list (its entry is kept), and a continue_watching entry of a film social has not heard
 * of yet shows once it is published.
 */
function entrySelect(db: Db, userId: string, listType: ListType) {
  return db
    .selectFrom('list_entries as e')
    .innerJoin('films as f', (join) => join.onRef('f.id', '=', 'e.film_id').on('f.status', '=', 'published'))
    .select([
      'e.id',
      'e.film_id',
      (eb) => eb.ref('e.list_type').$castTo<ListType>().as('list_type'),
      'e.created_at',
      'e.progress_seconds',
      'e.duration_seconds',
      ...FILM_SUMMARY_COLUMNS,
    ])
    .where('e.user_id', '=', userId)
    .where('e.list_type', '=', listType);
}

export type ListEntryRecord = Awaited<ReturnType<ReturnType<typeof entrySelect>['executeTakeFirstOrThrow']>>;

/** Members' lists: every query is by the member's own id. */
@Injectable()
export class ListsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Newest first; continue_watching most recently watched first. */
  list(userId: string, listType: ListType, page: Page): Promise<ListEntryRecord[]> {
    const query = entrySelect(this.db, userId, listType);
    const ordered =
      listType === 'continue_watching'
        ? query.orderBy('e.progress_at', (order) => order.desc().nullsLast())
        : query.orderBy('e.created_at', 'desc');
    return ordered.orderBy('e.id', 'desc').limit(page.limit).offset(page.offset).execute();
  }

  find(userId: string, listType: ListType, filmId: number): Promise<ListEntryRecord | undefined> {
    return entrySelect(this.db, userId, listType).where('e.film_id', '=', filmId).executeTakeFirst();
  }

  /** Answers whether it was added (a film already on the list is left as it is). */
  async add(userId: string, listType: WritableListType, filmId: number): Promise<boolean> {
    const added = await this.db
      .insertInto('list_entries')
      .values({ user_id: userId, film_id: filmId, list_type: listType })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return added.numInsertedOrUpdatedRows! > 0n;
  }

  /** Answers whether it was there. */
  async remove(userId: string, listType: WritableListType, filmId: number): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('list_entries')
      .where('user_id', '=', userId)
      .where('list_type', '=', listType)
      .where('film_id', '=', filmId)
      .executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }

  /**
   * Bumps the member's counts version, locking its row until the transaction ends, so one
   * member's changes are serialised. Answers the new version.
   */
  async bumpCountsVersion(userId: string): Promise<string> {
    const bumped = await this.db
      .insertInto('list_count_versions')
      .values({ user_id: userId, version: 1 })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet((eb) => ({ version: eb('list_count_versions.version', '+', '1') })),
      )
      .returning('version')
      .executeTakeFirstOrThrow();
    return bumped.version;
  }

  /** The member's watchlist and favorites counts (entries of films archived later included). */
  counts(userId: string) {
    return this.db
      .selectFrom('list_entries')
      .select((eb) => [
        eb
          .cast<number>(eb.fn.countAll().filterWhere('list_type', '=', 'watchlist'), 'integer')
          .as('watchlist'),
        eb
          .cast<number>(eb.fn.countAll().filterWhere('list_type', '=', 'favorites'), 'integer')
          .as('favorites'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  }
}
