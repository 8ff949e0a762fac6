import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { blankToUndefined, PageQuery } from '@kinora/common';

export const FILM_SORTS = ['featured', 'newest', 'popular', 'rating'] as const;
export type FilmSort = (typeof FILM_SORTS)[number];

export class FilmFilterQuery extends PageQuery {
  @IsOptional()
  @Transform(blankToUndefined)
  @IsString()
  @MaxLength(40)
  genre?: string;

  @IsOptional()
  @Transform(blankToUndefined)
  @IsString()
  @MaxLength(40)
  language?: string;
}

export class ListFilmsQuery extends FilmFilterQuery {
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(['true', 'false'], { message: 'featured must be true or false' })
  featured?: 'true' | 'false';

  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: 'creatorId must be a positive integer' })
  @Min(1, { message: 'creatorId must be a positive integer' })
  @Max(2_147_483_647, { message: 'creatorId must be a positive integer' })
  creatorId?: number;

  /** Leaves one film out (the film whose related films are listed). */
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: 'excludeId must be a positive integer' })
  @Min(1, { message: 'excludeId must be a positive integer' })
  @Max(2_147_483_647, { message: 'excludeId must be a positive integer' })
  excludeId?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(FILM_SORTS, { message: `sort must be one of ${FILM_SORTS.join(', ')}` })
  sort?: FilmSort;
}

export class SearchFilmsQuery extends FilmFilterQuery {
  @Transform(blankToUndefined)
  @IsString({ message: 'q is required' })
  @MinLength(1, { message: 'q is required' })
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q!: string;
}

export class TrendingQuery {
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer between 1 and 50' })
  @Min(1, { message: 'limit must be an integer between 1 and 50' })
  @Max(50, { message: 'limit must be an integer between 1 and 50' })
  limit?: number;
}
