import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CurrentIdentity, ParseIdPipe, type Identity } from '@kinora/common';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { ListFilmsQuery, SearchFilmsQuery, TrendingQuery } from './dto/film-queries';
import type { FilmDto } from './film.mapper';
import { FilmsService, type TrendingFilmDto } from './films.service';

@Controller('api/films')
export class FilmsController {
  constructor(private readonly films: FilmsService) {}

  @Get()
  list(@Query() query: ListFilmsQuery, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto[]> {
    return this.films.list(query, viewer);
  }

  @Get('search')
  search(@Query() query: SearchFilmsQuery, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto[]> {
    return this.films.search(query, viewer);
  }

  @Get('trending')
  trending(@Query() query: TrendingQuery): Promise<TrendingFilmDto[]> {
    return this.films.trending(query.limit ?? 8);
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto> {
    return this.films.get(id, viewer);
  }

  /** Play was pressed. Signed-in viewers are keyed by user; anonymous ones by client address and agent. */
  @Post(':id/view')
  @HttpCode(200)
  view(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() viewer: Identity | null,
    @Req() request: FastifyRequest,
  ): Promise<{ counted: boolean; viewCount: number }> {
    const key = viewer
      ? `user:${viewer.userId}`
      : `anon:${createHash('sha256')
          .update(`${request.ip}|${request.headers['user-agent'] ?? ''}`)
          .digest('hex')}`;
    return this.films.recordView(id, viewer, key);
  }
}
