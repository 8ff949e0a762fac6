import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Query strings arrive as strings; an empty parameter (?genre=) means "not given". */
export const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim()) : value;

/** limit (1–100) and offset (0–10000) of a list call; each endpoint picks its default limit. */
export class PageQuery {
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer between 1 and 100' })
  @Min(1, { message: 'limit must be an integer between 1 and 100' })
  @Max(100, { message: 'limit must be an integer between 1 and 100' })
  limit?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsInt({ message: 'offset must be an integer between 0 and 10000' })
  @Min(0, { message: 'offset must be an integer between 0 and 10000' })
  @Max(10_000, { message: 'offset must be an integer between 0 and 10000' })
  offset?: number;
}
