import { ApiPropertyOptional } from '@nestjs/swagger';
import { CREATOR_TYPES, type CreatorType } from '@kinora/contracts';
import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '@kinora/common';

export class ListCreatorsQuery extends PageQuery {
  @ApiPropertyOptional({
    enum: CREATOR_TYPES,
    enumName: 'CreatorType',
    description: "critic: the gateway sends that list to social's critics list; asked here, it finds none.",
  })
  @IsOptional()
  @IsIn(CREATOR_TYPES, { message: 'type must be creator or critic' })
  type?: CreatorType;

  /** The SPA sends a filter with type=critic; accepted, nothing to filter here. */
  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  @IsOptional()
  filter?: string;
}
