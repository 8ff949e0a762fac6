import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  ANALYTICS_RANGES_DAYS,
  type AnalyticsRangeDays,
} from '@kinora/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';

/** ?days=7|30|90: the period the figures over time cover. */
export class AnalyticsRangeQuery {
  @ApiPropertyOptional({ enum: [...ANALYTICS_RANGES_DAYS], default: ANALYTICS_DEFAULT_RANGE_DAYS })
  @IsOptional()
  @Type(() => Number)
  @IsIn(ANALYTICS_RANGES_DAYS, { message: `days must be one of ${ANALYTICS_RANGES_DAYS.join(', ')}` })
  days?: AnalyticsRangeDays;
}
