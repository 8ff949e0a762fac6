import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OutboxService, pageOf } from '@kinora/common';
import { USER_LIST_DEFAULT_LIMIT, type ListType, type WritableListType } from '@kinora/contracts';
import { ListCountsChangedSchema, MemberTieKind } from '@kinora/proto';
import { FilmsRepository } from '../films/films.repository';
import { requirePublishedFilm } from '../films/published-film';
import { recordMemberTie } from '../member-tie.event';
import type { ListEntriesQuery, ListEntryDto } from './dto/list-entry.dto';
import { mapListEntry } from './list-entry.mapper';
import { ListsRepository } from './lists.repository';

/** The tie each list a member writes is (continue_watching, which viewing progress writes, is none). */
const TIE_KINDS: Record<WritableListType, MemberTieKind> = {
  watchlist: MemberTieKind.WATCHLIST,
  favorites: MemberTieKind.FAVORITE,
};

/** A member's lists: every query is by the caller's own id, so nobody reads another's list. */
@Injectable()
export class ListsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly lists: ListsRepository,
    private readonly films: FilmsRepository,
  ) {}

  /** The member's list, newest first; continue_watching most recently watched first. */
  async list(userId: string, listType: ListType, query: ListEntriesQuery): Promise<ListEntryDto[]> {
    const rows = await this.lists.list(userId, listType, pageOf(query, USER_LIST_DEFAULT_LIMIT));
    return rows.map(mapListEntry);
  }

  /** Adds a published film; adding it again answers the entry already there. */
  async add(userId: string, filmId: number, listType: WritableListType): Promise<ListEntryDto> {
    return this.em.fork().transactional(async (em) => {
      await requirePublishedFilm(this.films, filmId);
      if (await this.lists.add(userId, listType, filmId)) {
        await this.recordChange(em, userId, listType, filmId, 1);
      }
      const row = await this.lists.find(userId, listType, filmId);
      return mapListEntry(row!);
    });
  }

  /** Removes a film from the member's list; removing one not there is a no-op. */
  async remove(userId: string, listType: WritableListType, filmId: number): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      if (await this.lists.remove(userId, listType, filmId)) {
        await this.recordChange(em, userId, listType, filmId, 0);
      }
    });
  }

  /**
   * After a real add (value 1) or remove (0), in the same transaction: the member's tie to the film
   * (social.member-tie-changed.v1) and their list counts.
   */
  private async recordChange(
    em: EntityManager,
    userId: string,
    listType: WritableListType,
    filmId: number,
    value: number,
  ): Promise<void> {
    await this.recordCounts(em, userId);
    recordMemberTie(em, this.outbox, { userId, kind: TIE_KINDS[listType], targetId: filmId, value });
  }

  /**
   * Bumps the member's counts version and records social.list-counts-changed.v1 with the counts
   * after the change. The version row is locked first, so one member's changes are serialised and
   * each event carries its own counts. Entries of films archived later still count: they come back
   * when the film is published again.
   */
  private async recordCounts(em: EntityManager, userId: string): Promise<void> {
    const version = await this.lists.bumpCountsVersion(userId);
    // A statement of its own, after the lock: it sees every change committed before this one.
    const counts = await this.lists.counts(userId);
    this.outbox.add(
      em,
      ListCountsChangedSchema,
      {
        userId,
        watchlistCount: counts.watchlist,
        favoritesCount: counts.favorites,
        version: BigInt(version),
      },
      userId,
    );
  }
}
