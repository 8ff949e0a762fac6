import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService, type Identity } from '@kinora/common';
import { DEFAULT_FILM_SORT, FILMS_DEFAULT_LIMIT } from '@kinora/contracts';
import { FilmStatusChangedSchema } from '@kinora/proto';
import { PreparedReads } from '../reads/prepared-reads';
import { PublicReadCache } from '../reads/public-read-cache';
import type { FilmFilterQuery, FilmSort, ListFilmsQuery, SearchFilmsQuery } from './dto/film-queries';
import type { FilmStatus } from './film.entity';
import { filmStatusEvent, selectFilmEventRow } from './film-status-event';
import type { FilmViewDto, TrendingFilmDto } from './dto/film.dto';
import { mapFilm, type FilmDto, type FilmRow } from './film.mapper';

/** What mapFilm reads, and nothing more: every column costs parsing on each row of each read. */
export const FILM_COLUMNS = `
  f.id, f.title, f.description, f.genre, f.language, f.duration_minutes, f.release_year, f.rating,
  f.rating_count, f.view_count, f.poster_url, f.poster_webp_widths, f.video_url, f.is_featured, f.status, f.created_at, f.published_at,
  c.id as c_id, c.user_id as c_user_id, c.bio as c_bio, c.is_verified as c_is_verified, c.follower_count as c_follower_count,
  u.first_name as u_first_name, u.last_name as u_last_name, u.profile_image_url as u_profile_image_url,
  f.ai_disclosure,
  (select json_agg(json_build_object('language', fc.language, 'label', fc.label) order by fc.language)
     from film_captions fc where fc.film_id = f.id) as captions`;

export const FILM_FROM = `
  from films f
  join creators c on c.id = f.creator_id
  left join known_users u on u.id = c.user_id`;

const ORDER: Record<FilmSort, string> = {
  featured: 'f.is_featured desc, coalesce(f.published_at, f.created_at) desc, f.id desc',
  newest: 'coalesce(f.published_at, f.created_at) desc, f.id desc',
  popular: 'f.view_count desc, f.id desc',
  rating: 'f.rating desc, f.rating_count desc, f.id desc',
};

/** Trending ranks published films by their qualified views in this window. */
const TRENDING_WINDOW = '7 days';

/** Accumulates SQL conditions and their bound parameters in order. */
class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  /** The public sees published films; a creator also their own; admins everything. */
  visibleTo(viewer: Identity | null): this {
    if (viewer?.roles.includes('admin')) return this;
    if (viewer) return this.add(`(f.status = 'published' or c.user_id = ?)`, viewer.userId);
    return this.add(`f.status = 'published'`);
  }

  filters(query: FilmFilterQuery): this {
    if (query.genre) this.add('lower(f.genre) = lower(?)', query.genre);
    if (query.language) this.add('lower(f.language) = lower(?)', query.language);
    return this;
  }

  toString(): string {
    return this.parts.length ? `where ${this.parts.join(' and ')}` : '';
  }
}

@Injectable()
export class FilmsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly reads: PreparedReads,
    private readonly cache: PublicReadCache,
  ) {}

  list(query: ListFilmsQuery, viewer: Identity | null): Promise<FilmDto[]> {
    const key = JSON.stringify([
      'films',
      query.genre ?? null,
      query.language ?? null,
      query.featured ?? null,
      query.creatorId ?? null,
      query.excludeId ?? null,
      query.sort ?? DEFAULT_FILM_SORT,
      query.limit ?? FILMS_DEFAULT_LIMIT,
      query.offset ?? 0,
    ]);
    return this.cache.read(viewer, key, (caller) => this.queryList(query, caller));
  }

  private async queryList(query: ListFilmsQuery, viewer: Identity | null): Promise<FilmDto[]> {
    const where = new Where().visibleTo(viewer).filters(query);
    if (query.featured) where.add('f.is_featured = ?', query.featured === 'true');
    if (query.creatorId) where.add('f.creator_id = ?', query.creatorId);
    if (query.excludeId) where.add('f.id <> ?', query.excludeId);
    const rows = await this.reads.rows<FilmRow>(
      `select ${FILM_COLUMNS} ${FILM_FROM} ${where} order by ${ORDER[query.sort ?? DEFAULT_FILM_SORT]} limit ? offset ?`,
      [...where.params, query.limit ?? FILMS_DEFAULT_LIMIT, query.offset ?? 0],
    );
    return rows.map(mapFilm);
  }

  /**
   * Full-text search (title weighted above description, English stemming) with typo tolerance on
   * titles through trigram similarity, best match first.
   */
  search(query: SearchFilmsQuery, viewer: Identity | null): Promise<FilmDto[]> {
    const key = JSON.stringify([
      'search',
      query.q,
      query.genre ?? null,
      query.language ?? null,
      query.limit ?? FILMS_DEFAULT_LIMIT,
      query.offset ?? 0,
    ]);
    return this.cache.read(viewer, key, (caller) => this.querySearch(query, caller));
  }

  private async querySearch(query: SearchFilmsQuery, viewer: Identity | null): Promise<FilmDto[]> {
    const where = new Where()
      .add(
        `(f.search @@ input.tsq or word_similarity(input.raw, lower(f.title)) >= 0.4
          or similarity(lower(f.title), input.raw) >= 0.3)`,
      )
      .visibleTo(viewer)
      .filters(query);
    const rows = await this.reads.rows<FilmRow>(
      `with input as (select websearch_to_tsquery('english', ?) as tsq, lower(?) as raw)
       select ${FILM_COLUMNS},
              ts_rank(f.search, input.tsq) * 2 + word_similarity(input.raw, lower(f.title)) as score
       ${FILM_FROM} cross join input ${where}
       order by score desc, f.view_count desc, f.id desc limit ? offset ?`,
      [query.q, query.q, ...where.params, query.limit ?? FILMS_DEFAULT_LIMIT, query.offset ?? 0],
    );
    return rows.map(mapFilm);
  }

  /** Up to `perCreator` newest published films of each creator, grouped by creator id. */
  async byCreators(creatorIds: number[], perCreator: number): Promise<Map<number, FilmDto[]>> {
    const grouped = new Map<number, FilmDto[]>(creatorIds.map((id) => [id, []]));
    if (creatorIds.length === 0) return grouped;
    const rows = await this.reads.rows<FilmRow>(
      `select * from (
         select ${FILM_COLUMNS},
                row_number() over (partition by f.creator_id order by coalesce(f.published_at, f.created_at) desc, f.id desc) as rank
         ${FILM_FROM}
         where f.status = 'published' and f.creator_id = any(?::int[])
       ) ranked where rank <= ? order by c_id, rank`,
      [creatorIds, perCreator],
    );
    for (const row of rows) grouped.get(row.c_id)?.push(mapFilm(row));
    return grouped;
  }

  get(id: number, viewer: Identity | null): Promise<FilmDto> {
    return this.cache.read(viewer, JSON.stringify(['film', id]), (caller) => this.find(id, caller));
  }

  /** The film if the viewer may see it (never from the cache). */
  private async find(id: number, viewer: Identity | null): Promise<FilmDto> {
    const where = new Where().add('f.id = ?', id).visibleTo(viewer);
    const [row] = await this.reads.rows<FilmRow>(
      `select ${FILM_COLUMNS} ${FILM_FROM} ${where}`,
      where.params,
    );
    if (!row) throw new NotFoundException(`Film ${id} not found`);
    return mapFilm(row);
  }

  /**
   * Published films with the most views in the last 7 days. The window slides with time, not only
   * with writes: a cached answer is keyed to its minute.
   */
  trending(limit: number, viewer: Identity | null): Promise<TrendingFilmDto[]> {
    const minute = Math.floor(Date.now() / 60_000);
    return this.cache.read(viewer, JSON.stringify(['trending', limit, minute]), () =>
      this.queryTrending(limit),
    );
  }

  private async queryTrending(limit: number): Promise<TrendingFilmDto[]> {
    const rows = await this.reads.rows<FilmRow & { recent_views: number }>(
      `select ${FILM_COLUMNS}, recent.views as recent_views ${FILM_FROM}
       join (select film_id, count(*)::int as views from film_views
              where viewed_at > now() - interval '${TRENDING_WINDOW}' group by film_id) recent on recent.film_id = f.id
       where f.status = 'published'
       order by recent.views desc, f.view_count desc, f.id desc limit ?`,
      [limit],
    );
    return rows.map((row) => ({ ...mapFilm(row), recentViews: row.recent_views }));
  }

  /**
   * Play was pressed. It counts nothing: views are qualified viewing sessions (the view rule,
   * docs/catalog.md), counted from analytics' events. Answers the film's count.
   */
  async recordView(id: number, viewer: Identity | null): Promise<FilmViewDto> {
    await this.find(id, viewer);
    const [film] = await this.em
      .fork()
      .execute<{ view_count: number }[]>('select view_count from films where id = ?', [id]);
    return { counted: false, viewCount: film!.view_count };
  }

  /** A new film awaiting its media and review (status pending); returns its id. */
  async createDraft(draft: {
    creatorId: number;
    title: string;
    description: string;
    genre: string;
    language: string;
    releaseYear: number;
    isFeatured?: boolean;
  }): Promise<number> {
    const [row] = await this.em.fork().execute<{ id: number }[]>(
      `insert into films (creator_id, title, description, genre, language, release_year, is_featured)
       values (?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        draft.creatorId,
        draft.title,
        draft.description,
        draft.genre,
        draft.language,
        draft.releaseYear,
        draft.isFeatured ?? false,
      ],
    );
    return row!.id;
  }

  /**
   * Moves a film to a status and publishes catalog.film-status-changed.v1 in the same transaction.
   * `reason`: the moderator's, when archived.
   */
  async changeStatus(id: number, status: FilmStatus, reason?: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const film = await selectFilmEventRow(em, id, { lock: true });
      if (!film) throw new NotFoundException(`Film ${id} not found`);
      if (film.status === status) return;
      await em.execute(
        `update films set status = ?, published_at = case when ? = 'published' then coalesce(published_at, now()) else published_at end
          where id = ?`,
        [status, status, id],
      );
      this.outbox.add(
        em,
        FilmStatusChangedSchema,
        filmStatusEvent(film, { status, previousStatus: film.status, reason }),
        String(id),
      );
    });
  }
}
