import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
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
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { blankToUndefined, EnumField, IdField, IntegerField, PageQuery } from '@kinora/common';

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

export class ListFilmsQuery extends FilmFilterQuery {
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
