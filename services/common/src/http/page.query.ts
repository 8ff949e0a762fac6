import { ApiPropertyOptional } from '@nestjs/swagger';
import { LIST_LIMIT_MAX, LIST_OFFSET_MAX } from '@kinora/contracts';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Query strings arrive as strings; an empty parameter (?genre=) means "not given". */
export const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim()) : value;

const LIMIT_MESSAGE = `limit must be an integer between 1 and ${LIST_LIMIT_MAX}`;
const OFFSET_MESSAGE = `offset must be an integer between 0 and ${LIST_OFFSET_MAX}`;

/** limit and offset of a list call (bounds in @kinora/contracts); each endpoint picks its default limit. */
export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX, description: 'Page size.' })
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(LIST_LIMIT_MAX, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: LIST_OFFSET_MAX, default: 0 })
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: OFFSET_MESSAGE })
  @Min(0, { message: OFFSET_MESSAGE })
  @Max(LIST_OFFSET_MAX, { message: OFFSET_MESSAGE })
  offset?: number;
}
