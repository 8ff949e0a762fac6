import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FILM_IDS_MAX,
  FILM_SORTS,
  FILTER_TEXT_MAX_LENGTH,
  GENRES,
  LANGUAGES,
  SEARCH_QUERY_MAX_LENGTH,
  TRENDING_DEFAULT_LIMIT,
  TRENDING_LIMIT_MAX,
  DEFAULT_FILM_SORT,
  type FilmSort,
} from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { blankToUndefined, EnumField, IdField, IdListField, IntegerField, PageQuery } from '@kinora/common';

export { FILM_SORTS, type FilmSort };

export class FilmFilterQuery extends PageQuery {
  @ApiPropertyOptional({
    maxLength: FILTER_TEXT_MAX_LENGTH,
    example: 'Drama',
    description: `Genre, matched case-insensitively (${GENRES.join(', ')}).`,
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsString()
  @MaxLength(FILTER_TEXT_MAX_LENGTH)
  genre?: string;

  @ApiPropertyOptional({
    maxLength: FILTER_TEXT_MAX_LENGTH,
    example: 'English',
    description: `Language, matched case-insensitively (${LANGUAGES.join(', ')}).`,
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsString()
  @MaxLength(FILTER_TEXT_MAX_LENGTH)
  language?: string;
}

/** The list's other parameters: none of them applies to a list by ids. */
const NOT_WITH_IDS = [
  'genre',
  'language',
  'featured',
  'creatorId',
  'excludeId',
  'sort',
  'limit',
  'offset',
] as const satisfies readonly (keyof ListFilmsQuery)[];

const givenBesideIds = (query: ListFilmsQuery) => NOT_WITH_IDS.filter((name) => query[name] !== undefined);

/** ids stands alone: the others given beside it (blank ones are not given) are a 400 naming them. */
const AloneWithIds = () =>
  ValidateBy({
    name: 'aloneWithIds',
    validator: {
      validate: (_value, args) => givenBesideIds(args!.object as ListFilmsQuery).length === 0,
      defaultMessage: (args) =>
        `ids cannot be combined with ${givenBesideIds(args!.object as ListFilmsQuery).join(', ')}`,
    },
  });

export class ListFilmsQuery extends FilmFilterQuery {
  /** The films of a row whose ids come from elsewhere (recommendations), in their order. */
  @AloneWithIds()
  @IdListField(FILM_IDS_MAX, {
    optional: true,
    example: '12,5,9',
    description:
      `Only these films, comma-separated (1 to ${FILM_IDS_MAX} ids, duplicates dropped), answered in ` +
      'the order given; those the caller may not see (or that do not exist) are left out. It stands ' +
      'alone: no other parameter of the list may be given with it (no filter, sort or page). ' +
      'Blank is a 400, not "not given".',
  })
  ids?: number[];

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Only featured (true) or only other films.' })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(['true', 'false'], { message: 'featured must be true or false' })
  featured?: 'true' | 'false';

  @IdField({ optional: true, query: true })
  creatorId?: number;

  /** Leaves one film out (the film whose related films are listed). */
  @IdField({ description: 'Leave this film out.', optional: true, query: true })
  excludeId?: number;

  @EnumField(FILM_SORTS, { enumName: 'FilmSort', default: DEFAULT_FILM_SORT, optional: true, query: true })
  sort?: FilmSort;
}

export class SearchFilmsQuery extends FilmFilterQuery {
  @ApiProperty({ minLength: 1, maxLength: SEARCH_QUERY_MAX_LENGTH, description: 'The search text.' })
  @Transform(blankToUndefined)
  @IsString({ message: 'q is required' })
  @MinLength(1, { message: 'q is required' })
  @MaxLength(SEARCH_QUERY_MAX_LENGTH, { message: `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters` })
  q!: string;
}

export class TrendingQuery {
  @IntegerField(1, TRENDING_LIMIT_MAX, `limit must be an integer between 1 and ${TRENDING_LIMIT_MAX}`, {
    optional: true,
    query: true,
    default: TRENDING_DEFAULT_LIMIT,
  })
  limit?: number;
}
