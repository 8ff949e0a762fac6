import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

const blankToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

export class ListCreatorsQuery {
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

  @IsOptional()
  @IsIn(['creator', 'critic'], { message: 'type must be creator or critic' })
  type?: 'creator' | 'critic';

  /** SPEC §7 sends a filter with type=critic; accepted, nothing to filter here. */
  @IsOptional()
  filter?: string;
}
