import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import { ListFilmsQuery, SearchFilmsQuery, TrendingQuery } from './dto/film-queries';
import { FilmDto, FilmViewDto, TrendingFilmDto } from './dto/film.dto';
import { FilmsService } from './films.service';

@ApiTags('films')
@Controller('api/films')
export class FilmsController {
  constructor(private readonly films: FilmsService) {}

  @Get()
  @ApiOperation({ summary: 'List films visible to the caller, filtered and sorted' })
  @Responds({ ok: [FilmDto], errors: [400] })
  list(@Query() query: ListFilmsQuery, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto[]> {
    return this.films.list(query, viewer);
  }

  @Get('search')
  @ApiOperation({ summary: 'Search films by title and description (typo-tolerant), best match first' })
  @Responds({ ok: [FilmDto], errors: [400] })
  search(@Query() query: SearchFilmsQuery, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto[]> {
    return this.films.search(query, viewer);
  }

  @Get('trending')
  @ApiOperation({ summary: 'Published films with the most counted views in the last 7 days' })
  @Responds({ ok: [TrendingFilmDto], errors: [400] })
  trending(
    @Query() query: TrendingQuery,
    @CurrentIdentity() viewer: Identity | null,
  ): Promise<TrendingFilmDto[]> {
    return this.films.trending(query.limit ?? 8, viewer);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One film, if visible to the caller' })
  @Responds({ ok: FilmDto, errors: [400, 404] })
  get(@IdParam() id: number, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto> {
    return this.films.get(id, viewer);
  }

  /** Play was pressed: views are counted from viewing sessions instead (the view rule). */
  @Post(':id/view')
  @ApiOperation({
    summary: "Play was pressed: answers the film's view count; views are counted from viewing sessions",
  })
  @Responds({ ok: FilmViewDto, errors: [400, 404] })
  view(@IdParam() id: number, @CurrentIdentity() viewer: Identity | null): Promise<FilmViewDto> {
    return this.films.recordView(id, viewer);
  }
}
