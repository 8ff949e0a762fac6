import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, CurrentIdentity, ID_PARAM, ParseIdPipe, type Identity } from '@kinora/common';
import { ListFilmsQuery, SearchFilmsQuery, TrendingQuery } from './dto/film-queries';
import { FilmDto, FilmViewDto, TrendingFilmDto } from './dto/film.dto';
import { FilmsService } from './films.service';

@ApiTags('films')
@Controller('api/films')
export class FilmsController {
  constructor(private readonly films: FilmsService) {}

  @Get()
  @ApiOperation({ summary: 'List films visible to the caller, filtered and sorted' })
  @ApiOkResponse({ type: [FilmDto] })
  @ApiErrorResponses(400)
  list(@Query() query: ListFilmsQuery, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto[]> {
    return this.films.list(query, viewer);
  }

  @Get('search')
  @ApiOperation({ summary: 'Search films by title and description (typo-tolerant), best match first' })
  @ApiOkResponse({ type: [FilmDto] })
  @ApiErrorResponses(400)
  search(@Query() query: SearchFilmsQuery, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto[]> {
    return this.films.search(query, viewer);
  }

  @Get('trending')
  @ApiOperation({ summary: 'Published films with the most counted views in the last 7 days' })
  @ApiOkResponse({ type: [TrendingFilmDto] })
  @ApiErrorResponses(400)
  trending(
    @Query() query: TrendingQuery,
    @CurrentIdentity() viewer: Identity | null,
  ): Promise<TrendingFilmDto[]> {
    return this.films.trending(query.limit ?? 8, viewer);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One film, if visible to the caller' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FilmDto })
  @ApiErrorResponses(400, 404)
  get(@Param('id', ParseIdPipe) id: number, @CurrentIdentity() viewer: Identity | null): Promise<FilmDto> {
    return this.films.get(id, viewer);
  }

  /** Play was pressed: views are counted from viewing sessions instead (the view rule). */
  @Post(':id/view')
  @HttpCode(200)
  @ApiOperation({
    summary: "Play was pressed: answers the film's view count; views are counted from viewing sessions",
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FilmViewDto })
  @ApiErrorResponses(400, 404)
  view(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() viewer: Identity | null,
  ): Promise<FilmViewDto> {
    return this.films.recordView(id, viewer);
  }
}
