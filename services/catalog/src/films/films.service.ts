import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService, type Identity, pageOf } from '@kinora/common';
import { DEFAULT_FILM_SORT, FILMS_DEFAULT_LIMIT } from '@kinora/contracts';
import { FilmStatusChangedSchema } from '@kinora/proto';
import { PublicReadCache } from '../reads/public-read-cache';
import type { ListFilmsQuery, SearchFilmsQuery } from './dto/film-queries';
import type { FilmStatus } from './film.entity';
import { filmStatusEvent } from './film-status-event';
import type { FilmViewDto, TrendingFilmDto } from './dto/film.dto';
import { mapFilm, type FilmDto } from './film.mapper';
import { FilmsRepository } from './films.repository';

@Injectable()
export class FilmsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly films: FilmsRepository,
    private readonly cache: PublicReadCache,
  ) {}

  list(query: ListFilmsQuery, viewer: Identity | null): Promise<FilmDto[]> {
    if (query.ids) return this.listByIds(query.ids, viewer);
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
    const rows = await this.films.list({
      viewer,
      genre: query.genre,
      language: query.language,
      featured: query.featured ? query.featured === 'true' : undefined,
      creatorId: query.creatorId,
      excludeId: query.excludeId,
      sort: query.sort ?? DEFAULT_FILM_SORT,
      ...pageOf(query, FILMS_DEFAULT_LIMIT),
    });
    return rows.map(mapFilm);
  }

  /**
   * The films of `ids` the viewer may see, in the order given, duplicates dropped (the DTO
   * refuses any other list parameter beside ids). `1,2,1` and `1,2` are one read.
   */
  private listByIds(ids: number[], viewer: Identity | null): Promise<FilmDto[]> {
    const distinct = [...new Set(ids)];
    return this.cache.read(viewer, JSON.stringify(['films-by-ids', ...distinct]), async (caller) =>
      (await this.films.byIds(distinct, caller)).map(mapFilm),
    );
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
    const rows = await this.films.search({
      q: query.q,
      viewer,
      genre: query.genre,
      language: query.language,
      ...pageOf(query, FILMS_DEFAULT_LIMIT),
    });
    return rows.map(mapFilm);
  }

  /** Up to `perCreator` newest published films of each creator, grouped by creator id. */
  async byCreators(creatorIds: number[], perCreator: number): Promise<Map<number, FilmDto[]>> {
    const grouped = new Map<number, FilmDto[]>(creatorIds.map((id) => [id, []]));
    if (creatorIds.length === 0) return grouped;
    const rows = await this.films.byCreators(creatorIds, perCreator);
    for (const row of rows) grouped.get(row.c_id)?.push(mapFilm(row));
    return grouped;
  }

  get(id: number, viewer: Identity | null): Promise<FilmDto> {
    return this.cache.read(viewer, JSON.stringify(['film', id]), (caller) => this.find(id, caller));
  }

  /** The film if the viewer may see it (never from the cache). */
  private async find(id: number, viewer: Identity | null): Promise<FilmDto> {
    const row = await this.films.find(id, viewer);
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
    const rows = await this.films.trending(limit);
    return rows.map((row) => ({ ...mapFilm(row), recentViews: row.recent_views }));
  }

  /**
   * Play was pressed. It counts nothing: views are qualified viewing sessions (the view rule,
   * docs/catalog.md), counted from analytics' events. Answers the film's count.
   */
  async recordView(id: number, viewer: Identity | null): Promise<FilmViewDto> {
    await this.find(id, viewer);
    const viewCount = await this.films.viewCount(id);
    return { counted: false, viewCount: viewCount! };
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
    return this.films.insertDraft({
      creator_id: draft.creatorId,
      title: draft.title,
      description: draft.description,
      genre: draft.genre,
      language: draft.language,
      release_year: draft.releaseYear,
      is_featured: draft.isFeatured ?? false,
    });
  }

  /**
   * Moves a film to a status and publishes catalog.film-status-changed.v1 in the same transaction.
   * `reason`: the moderator's, when archived.
   */
  async changeStatus(id: number, status: FilmStatus, reason?: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const film = await this.films.findForStatusEvent(id, { lock: true });
      if (!film) throw new NotFoundException(`Film ${id} not found`);
      if (film.status === status) return;
      await this.films.setStatus(id, status);
      this.outbox.add(
        em,
        FilmStatusChangedSchema,
        filmStatusEvent(film, { status, previousStatus: film.status, reason }),
        String(id),
      );
    });
  }
}
