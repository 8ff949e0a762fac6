import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiInteger, ApiTimestamp } from '@kinora/common';
import { LIST_LIMIT_MAX } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { queryNumber } from '../../validation';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { OPTIMIZATION_KINDS, type OptimizationKind } from '../optimization-kinds';

export const OPTIMIZATIONS_DEFAULT_LIMIT = 20;
const LIMIT = `limit must be an integer between 1 and ${LIST_LIMIT_MAX}`;

export class OptimizationsQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIST_LIMIT_MAX,
    default: OPTIMIZATIONS_DEFAULT_LIMIT,
  })
  @IsOptional()
  @Transform(queryNumber)
  @IsInt({ message: LIMIT })
  @Min(1, { message: LIMIT })
  @Max(LIST_LIMIT_MAX, { message: LIMIT })
  limit?: number;
}

/** One campaign's one cause over the window: the minutes it was logged in, summed. */
export class OptimizationDto {
  @ApiInteger()
  campaignId!: number;

  @ApiProperty()
  campaignName!: string;

  @ApiProperty({
    enum: OPTIMIZATION_KINDS,
    description:
      'paced: selections held back to stay on pace; capped: by a frequency cap; budget_exhausted; flight_ended.',
  })
  kind!: OptimizationKind;

  @ApiInteger({ description: 'How many times it was logged (at most once a minute).' })
  entries!: number;

  @ApiInteger({ description: 'Selections held back in all (1 for a budget spent or a flight ended).' })
  count!: number;

  @ApiProperty({ description: 'The latest entry’s detail.' })
  detail!: string;

  @ApiTimestamp({ description: 'The first entry in the window.' })
  firstAt!: string;

  @ApiTimestamp({ description: 'The latest entry.' })
  at!: string;
}
