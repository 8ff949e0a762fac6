import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FILM_SORTS,
  FILTER_TEXT_MAX_LENGTH,
  GENRES,
  LANGUAGES,
  MAX_ID,
  SEARCH_QUERY_MAX_LENGTH,
  TRENDING_DEFAULT_LIMIT,
  TRENDING_LIMIT_MAX,
  DEFAULT_FILM_SORT,
  type FilmSort,
} from '@kinora/contracts';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { blankToUndefined, PageQuery } from '@kinora/common';

export { FILM_SORTS, type FilmSort };

const TRENDING_LIMIT_MESSAGE = `limit must be an integer between 1 and ${TRENDING_LIMIT_MAX}`;

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

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ID })
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: 'creatorId must be a positive integer' })
  @Min(1, { message: 'creatorId must be a positive integer' })
  @Max(MAX_ID, { message: 'creatorId must be a positive integer' })
  creatorId?: number;

  /** Leaves one film out (the film whose related films are listed). */
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_ID, description: 'Leave this film out.' })
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: 'excludeId must be a positive integer' })
  @Min(1, { message: 'excludeId must be a positive integer' })
  @Max(MAX_ID, { message: 'excludeId must be a positive integer' })
  excludeId?: number;

  @ApiPropertyOptional({ enum: FILM_SORTS, enumName: 'FilmSort', default: DEFAULT_FILM_SORT })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(FILM_SORTS, { message: `sort must be one of ${FILM_SORTS.join(', ')}` })
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
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: TRENDING_LIMIT_MAX,
    default: TRENDING_DEFAULT_LIMIT,
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: TRENDING_LIMIT_MESSAGE })
  @Min(1, { message: TRENDING_LIMIT_MESSAGE })
  @Max(TRENDING_LIMIT_MAX, { message: TRENDING_LIMIT_MESSAGE })
  limit?: number;
}
