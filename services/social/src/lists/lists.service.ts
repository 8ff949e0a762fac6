import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { USER_LIST_DEFAULT_LIMIT, type ListType, type WritableListType } from '@kinora/contracts';
import { requirePublishedFilm } from '../films/published-film';
import type { ListEntriesQuery, ListEntryDto } from './dto/list-entry.dto';
import { mapListEntry, type ListEntryRow } from './list-entry.mapper';

// Only published films are shown: an archived film drops out of every list (its entry is kept).
const ENTRY_SELECT = `
  select e.id, e.film_id, e.list_type, e.created_at,
         f.title, f.genre, f.duration_minutes, f.poster_url, f.creator_id
    from list_entries e join films f on f.id = e.film_id and f.status = 'published'`;

/** A member's lists: every query is by the caller's own id, so nobody reads another's list. */
@Injectable()
export class ListsService {
  constructor(private readonly em: EntityManager) {}

  /** The member's list, newest first. */
  async list(userId: string, listType: ListType, query: ListEntriesQuery): Promise<ListEntryDto[]> {
    const rows = await this.em.fork().execute<ListEntryRow[]>(
      `${ENTRY_SELECT} where e.user_id = ? and e.list_type = ?
        order by e.created_at desc, e.id desc limit ? offset ?`,
      [userId, listType, query.limit ?? USER_LIST_DEFAULT_LIMIT, query.offset ?? 0],
    );
    return rows.map(mapListEntry);
  }

  /** Adds a published film; adding it again answers the entry already there. */
  async add(userId: string, filmId: number, listType: WritableListType): Promise<ListEntryDto> {
    const em = this.em.fork();
    await requirePublishedFilm(em, filmId);
    await em.execute(
      `insert into list_entries (user_id, film_id, list_type) values (?, ?, ?) on conflict do nothing`,
      [userId, filmId, listType],
    );
    const [row] = await em.execute<ListEntryRow[]>(
      `${ENTRY_SELECT} where e.user_id = ? and e.list_type = ? and e.film_id = ?`,
      [userId, listType, filmId],
    );
    return mapListEntry(row!);
  }

  /** Removes a film from the member's list; removing one not there is a no-op. */
  async remove(userId: string, listType: WritableListType, filmId: number): Promise<void> {
    await this.em
      .fork()
      .execute('delete from list_entries where user_id = ? and list_type = ? and film_id = ?', [
        userId,
        listType,
        filmId,
      ]);
  }
}
