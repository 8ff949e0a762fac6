import { EnumField } from '@kinora/common';
import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  ANALYTICS_RANGES_DAYS,
  type AnalyticsRangeDays,
} from '@kinora/contracts';
import { Type } from 'class-transformer';

/** ?days=7|30|90: the period the figures over time cover. */
export class AnalyticsRangeQuery {
  @Type(() => Number)
  @EnumField(ANALYTICS_RANGES_DAYS, { default: ANALYTICS_DEFAULT_RANGE_DAYS, optional: true })
  days?: AnalyticsRangeDays;
}
