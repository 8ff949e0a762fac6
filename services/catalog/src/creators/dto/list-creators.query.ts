import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '@kinora/common';

export class ListCreatorsQuery extends PageQuery {
  @IsOptional()
  @IsIn(['creator', 'critic'], { message: 'type must be creator or critic' })
  type?: 'creator' | 'critic';

  /** The SPA sends a filter with type=critic; accepted, nothing to filter here. */
  @IsOptional()
  filter?: string;
}
