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

export class OptimizationDto {
  @ApiInteger()
  id!: number;

  @ApiInteger()
  campaignId!: number;

  @ApiProperty()
  campaignName!: string;

  @ApiProperty({
    enum: OPTIMIZATION_KINDS,
    description:
      'paced: selections held back to stay on pace; capped: by a frequency cap (count: how many in that minute); budget_exhausted; flight_ended.',
  })
  kind!: OptimizationKind;

  @ApiInteger()
  count!: number;

  @ApiProperty()
  detail!: string;

  @ApiTimestamp()
  at!: string;
}
