import { compiledShapes, InjectQueryDb, type Identity } from '@kinora/common';
import type { FilmSort } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import { sql, type Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';
import type { FilmStatus } from './film.entity';
import {
  filmEventSelect,
  filmSelect,
  filtered,
  publiclyVisible,
  sorted,
  visibleTo,
  type FilmEventRecord,
  type FilmFilter,
  type FilmRecord,
} from './film-queries';

/** What decides a film list's query text: a closed set (see compiledShapes). */
interface ListShape {
  sort: FilmSort;
  viewer: 'public' | 'member' | 'admin';
  genre: boolean;
  language: boolean;
  featured: boolean;
  creator: boolean;
  exclude: boolean;
}

/** A film list's values (those its shape leaves out are not sent). */
interface ListValues {
  userId: string;
  genre: string;
  language: string;
  featured: boolean;
  creatorId: number;
  excludeId: number;
  limit: number;
  offset: number;
}

/**
 * The catalog's films: the public reads (named prepared statements: their texts are few and read
 * constantly) and the writes of a film's life and its rating (its views: film-views.repository.ts).
 */
@Injectable()
export class FilmsRepository {
  /** The film lists, one compiled query per shape (sort, who looks, which filters are set). */
  private readonly listRead: (shape: ListShape, values: ListValues) => Promise<FilmRecord[]>;

  constructor(@InjectQueryDb() private readonly db: Db) {
    this.listRead = compiledShapes(
      db,
      (shape: ListShape) => JSON.stringify(shape),
      (shape: ListShape, p: ListValues) => {
        const viewer: Identity | null =
          shape.viewer === 'public'
            ? null
            : { userId: p.userId, roles: shape.viewer === 'admin' ? ['admin'] : [] };
        const select = filtered(visibleTo(filmSelect(db), viewer), {
          genre: shape.genre ? p.genre : undefined,
          language: shape.language ? p.language : undefined,
        })
          .$if(shape.featured, (q) => q.where('f.is_featured', '=', p.featured))
          .$if(shape.creator, (q) => q.where('f.creator_id', '=', p.creatorId))
          .$if(shape.exclude, (q) => q.where('f.id', '<>', p.excludeId));
        return sorted(select, shape.sort).limit(p.limit).offset(p.offset);
      },
    );
  }

  list(
    query: FilmFilter & {
      viewer: Identity | null;
      featured?: boolean;
      creatorId?: number;
      excludeId?: number;
      sort: FilmSort;
      limit: number;
      offset: number;
    },
  ): Promise<FilmRecord[]> {
    const { viewer, genre, language, featured, creatorId, excludeId } = query;
    return this.listRead(
      {
        sort: query.sort,
        viewer: !viewer ? 'public' : viewer.roles.includes('admin') ? 'admin' : 'member',
        genre: genre !== undefined && genre !== '',
        language: language !== undefined && language !== '',
        featured: featured !== undefined,
        creator: !!creatorId,
        exclude: !!excludeId,
      },
      {
        userId: viewer?.userId ?? '',
        genre: genre ?? '',
        language: language ?? '',
        featured: featured ?? false,
        creatorId: creatorId ?? 0,
        excludeId: excludeId ?? 0,
        limit: query.limit,
        offset: query.offset,
      },
    );
  }

  /**
   * The films of `ids` the viewer may see (the list's visibility, nothing else), in the order of
   * `ids`; the others (unknown, hidden) left out. `ids` holds no duplicates.
   */
  async byIds(ids: number[], viewer: Identity | null): Promise<FilmRecord[]> {
    const rows = await visibleTo(filmSelect(this.db.prepared), viewer)
      .where((eb) => eb('f.id', '=', eb.fn.any(eb.val(ids))))
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Full-text search (title weighted above description, English stemming) with typo tolerance on
   * titles through trigram similarity, best match first.
   */
  search(
    query: FilmFilter & { q: string; viewer: Identity | null; limit: number; offset: number },
  ): Promise<FilmRecord[]> {
    const input = this.db.prepared.selectNoFrom((eb) => [
      sql<string>`websearch_to_tsquery('english', ${query.q})`.as('tsq'),
      eb.fn<string>('lower', [eb.val(query.q)]).as('raw'),
    ]);
    return filtered(visibleTo(filmSelect(this.db.prepared), query.viewer), query)
      .crossJoin(input.as('input'))
      .where((eb) =>
        eb.or([
          eb('f.search', '@@', eb.ref('input.tsq')),
          eb(eb.fn('word_similarity', ['input.raw', eb.fn('lower', ['f.title'])]), '>=', eb.lit(0.4)),
          eb(eb.fn('similarity', [eb.fn('lower', ['f.title']), 'input.raw']), '>=', eb.lit(0.3)),
        ]),
      )
      .select((eb) =>
        eb(
          eb(eb.fn('ts_rank', ['f.search', 'input.tsq']), '*', eb.lit(2)),
          '+',
          eb.fn('word_similarity', ['input.raw', eb.fn('lower', ['f.title'])]),
        ).as('score'),
      )
      .orderBy('score', 'desc')
      .orderBy('f.view_count', 'desc')
      .orderBy('f.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
  }

  /** Up to `perCreator` newest public films of each creator, by creator id then newest first. */
  byCreators(creatorIds: number[], perCreator: number): Promise<FilmRecord[]> {
    const ranked = publiclyVisible(filmSelect(this.db.prepared))
      .select((eb) =>
        eb.fn
          .agg<string>('row_number')
          .over((over) =>
            over
              .partitionBy('f.creator_id')
              .orderBy(eb.fn.coalesce('f.published_at', 'f.created_at'), 'desc')
              .orderBy('f.id', 'desc'),
          )
          .as('rank'),
      )
      .where((eb) => eb('f.creator_id', '=', eb.fn.any(eb.val(creatorIds))));
    return this.db.prepared
      .selectFrom(ranked.as('ranked'))
      .selectAll()
      .where('rank', '<=', String(perCreator))
      .orderBy('c_id')
      .orderBy('rank')
      .execute();
  }

  /** The film if the viewer may see it. */
  find(id: number, viewer: Identity | null): Promise<FilmRecord | undefined> {
    return visibleTo(filmSelect(this.db.prepared).where('f.id', '=', id), viewer).executeTakeFirst();
  }

  /** Public films by their views in the last 7 days (the window slides with time). */
  trending(limit: number) {
    return publiclyVisible(filmSelect(this.db.prepared))
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('film_views')
            .select((views) => ['film_id', views.cast<number>(views.fn.countAll(), 'integer').as('views')])
            .where('viewed_at', '>', sql<string>`now() - interval '7 days'`)
            .groupBy('film_id')
            .as('recent'),
        (join) => join.onRef('recent.film_id', '=', 'f.id'),
      )
      .select('recent.views as recent_views')
      .orderBy('recent.views', 'desc')
      .orderBy('f.view_count', 'desc')
      .orderBy('f.id', 'desc')
      .limit(limit)
      .execute();
  }

  async viewCount(id: number): Promise<number | undefined> {
    const film = await this.db
      .selectFrom('films')
      .select('view_count')
      .where('id', '=', id)
      .executeTakeFirst();
    return film?.view_count;
  }

  /** A new film awaiting its media and review (status pending); its id. */
  async insertDraft(
    draft: Pick<
      Insertable<DB['films']>,
      'creator_id' | 'title' | 'description' | 'genre' | 'language' | 'release_year' | 'is_featured'
    >,
  ): Promise<number> {
    const { id } = await this.db.insertInto('films').values(draft).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /**
   * The film as its status event carries it (undefined if there is no such film). `lock`: `for
   * update` on the film, to be called inside the transaction that changes it.
   */
  findForStatusEvent(id: number, options: { lock?: boolean } = {}): Promise<FilmEventRecord | undefined> {
    return filmEventSelect(this.db)
      .where('f.id', '=', id)
      .$if(options.lock === true, (q) => q.forUpdate('f'))
      .executeTakeFirst();
  }

  /** Moves a film to a status; the first publication sets its publication date. */
  async setStatus(id: number, status: FilmStatus): Promise<void> {
    await this.db
      .updateTable('films')
      .set((eb) => ({
        status,
        ...(status === 'published'
          ? { published_at: eb.fn.coalesce('published_at', sql<string>`now()`) }
          : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** A moderator's decision: published now, or archived with the reason for its creator. */
  async applyReview(id: number, status: 'published' | 'archived', reason: string | null): Promise<void> {
    await this.db
      .updateTable('films')
      .set({
        status,
        moderation_reason: reason,
        ...(status === 'published' ? { published_at: sql<string>`now()` } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Applies social's rating totals (the mean out of 10, one decimal) if their version is newer
   * than the stored one.
   */
  async applyRating(id: number, totals: { sum: bigint; count: number; version: bigint }): Promise<void> {
    const version = totals.version.toString();
    await this.db
      .updateTable('films')
      .set((eb) => ({
        rating:
          totals.count > 0
            ? eb.fn<string>('round', [
                eb(
                  eb.cast(eb.val(totals.sum.toString()), 'numeric'),
                  '/',
                  eb.cast(eb.val(totals.count), 'integer'),
                ),
                eb.lit(1),
              ])
            : 0,
        rating_count: totals.count,
        rating_version: version,
      }))
      .where('id', '=', id)
      .where('rating_version', '<', version)
      .execute();
  }
}
