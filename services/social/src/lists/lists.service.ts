import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import { USER_LIST_DEFAULT_LIMIT, type ListType, type WritableListType } from '@kinora/contracts';
import { ListCountsChangedSchema } from '@kinora/proto';
import { requirePublishedFilm } from '../films/published-film';
import type { ListEntriesQuery, ListEntryDto } from './dto/list-entry.dto';
import { FILM_SUMMARY_COLUMNS } from '../films/film-summary.mapper';
import { mapListEntry, type ListEntryRow } from './list-entry.mapper';

// Only published films are shown: an archived film drops out of every list (its entry is kept), and
// a continue_watching entry of a film social has not heard of yet shows once it is published.
const ENTRY_SELECT = `
  select e.id, e.film_id, e.list_type, e.created_at, e.progress_seconds, e.duration_seconds, ${FILM_SUMMARY_COLUMNS}
    from list_entries e join films f on f.id = e.film_id and f.status = 'published'`;

/** A member's lists: every query is by the caller's own id, so nobody reads another's list. */
@Injectable()
export class ListsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  /** The member's list, newest first; continue_watching most recently watched first. */
  async list(userId: string, listType: ListType, query: ListEntriesQuery): Promise<ListEntryDto[]> {
    const order =
      listType === 'continue_watching'
        ? 'e.progress_at desc nulls last, e.id desc'
        : 'e.created_at desc, e.id desc';
    const rows = await this.em.fork().execute<ListEntryRow[]>(
      `${ENTRY_SELECT} where e.user_id = ? and e.list_type = ?
        order by ${order} limit ? offset ?`,
      [userId, listType, query.limit ?? USER_LIST_DEFAULT_LIMIT, query.offset ?? 0],
    );
    return rows.map(mapListEntry);
  }

  /** Adds a published film; adding it again answers the entry already there. */
  async add(userId: string, filmId: number, listType: WritableListType): Promise<ListEntryDto> {
    return this.em.fork().transactional(async (em) => {
      await requirePublishedFilm(em, filmId);
      const added = await em.execute<unknown[]>(
        `insert into list_entries (user_id, film_id, list_type) values (?, ?, ?)
         on conflict do nothing returning 1`,
        [userId, filmId, listType],
      );
      if (added.length > 0) await this.recordCounts(em, userId);
      const [row] = await em.execute<ListEntryRow[]>(
        `${ENTRY_SELECT} where e.user_id = ? and e.list_type = ? and e.film_id = ?`,
        [userId, listType, filmId],
      );
      return mapListEntry(row!);
    });
  }

  /** Removes a film from the member's list; removing one not there is a no-op. */
  async remove(userId: string, listType: WritableListType, filmId: number): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const removed = await em.execute<unknown[]>(
        'delete from list_entries where user_id = ? and list_type = ? and film_id = ? returning 1',
        [userId, listType, filmId],
      );
      if (removed.length > 0) await this.recordCounts(em, userId);
    });
  }

  /**
   * After a real add or remove, in the same transaction: bumps the member's counts version and
   * records social.list-counts-changed.v1 with the counts after the change. The version row is
   * locked first, so one member's changes are serialised and each event carries its own counts.
   * Entries of films archived later still count: they come back when the film is published again.
   */
  private async recordCounts(em: EntityManager, userId: string): Promise<void> {
    const [bumped] = await em.execute<{ version: string }[]>(
      `insert into list_count_versions (user_id, version) values (?, 1)
       on conflict (user_id) do update set version = list_count_versions.version + 1
       returning version`,
      [userId],
    );
    // A statement of its own, after the lock: it sees every change committed before this one.
    const [counts] = await em.execute<{ watchlist: number; favorites: number }[]>(
      `select count(*) filter (where list_type = 'watchlist')::int as watchlist,
              count(*) filter (where list_type = 'favorites')::int as favorites
         from list_entries where user_id = ?`,
      [userId],
    );
    this.outbox.add(
      em,
      ListCountsChangedSchema,
      {
        userId,
        watchlistCount: counts!.watchlist,
        favoritesCount: counts!.favorites,
        version: BigInt(bumped!.version),
      },
      userId,
    );
  }
}
