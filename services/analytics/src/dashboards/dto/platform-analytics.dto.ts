import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableTimestamp } from '@kinora/common';
import { SeriesDayDto } from './figures.dto';
import { AdMetricsDto } from './ad-metrics.dto';
import { AnalyticsFilmDto } from './creator-analytics.dto';
import { ROW_KINDS, type RecommendationRowKind } from '../../recommendations/dto/recommendation.dto';

export class PlatformStatsDto {
  @ApiInteger()
  totalUsers!: number;

  @ApiInteger({ description: 'Members with a viewing session in the last 30 days.' })
  activeUsers!: number;

  @ApiInteger({ description: 'Published films.' })
  totalFilms!: number;

  @ApiInteger({ description: 'Films awaiting review.' })
  pendingFilms!: number;

  @ApiProperty({ description: 'Seconds watched, all time.' })
  totalWatchTime!: number;

  @ApiInteger({ description: 'Qualified views, all time.' })
  totalViews!: number;
}

export class MonthlyCostDto {
  @ApiProperty({ description: 'YYYY-MM' })
  month!: string;

  @ApiProperty({ description: 'Dollars.' })
  cost!: number;

  @ApiInteger()
  views!: number;
}

export class CostBreakdownDto {
  @ApiProperty({ description: 'Dollars: egress GB × price per GB.' })
  egress!: number;

  @ApiProperty({ description: 'Dollars: transcoded minutes × price per minute.' })
  transcoding!: number;

  @ApiProperty({ description: 'Dollars: stored GB-months × price per GB-month.' })
  storage!: number;
}

export class CostPricesDto {
  @ApiProperty()
  egressPerGb!: number;

  @ApiProperty()
  transcodePerMinute!: number;

  @ApiProperty()
  storagePerGbMonth!: number;
}

export class RevenueMetricsDto {
  @ApiProperty({ description: 'Dollars, all time.' })
  totalCost!: number;

  @ApiProperty({ description: 'Dollars per qualified view (0 without views).' })
  costPerView!: number;

  @ApiProperty({ description: 'Dollars per watch hour (0 without watch time).' })
  costPerHour!: number;

  @ApiProperty({ description: 'Dollars.' })
  targetCostPerView!: number;

  @ApiProperty()
  withinTarget!: boolean;

  @ApiProperty({ type: [MonthlyCostDto], description: 'The last 6 months, oldest first.' })
  monthlyCosts!: MonthlyCostDto[];

  @ApiProperty({ type: CostBreakdownDto })
  breakdown!: CostBreakdownDto;

  @ApiProperty({ type: CostPricesDto })
  prices!: CostPricesDto;
}

export class UserGrowthDto extends SeriesDayDto {
  @ApiInteger({ description: 'New users that day.' })
  users!: number;
}

export class ContentGrowthDto extends SeriesDayDto {
  @ApiInteger({ description: 'Films published that day.' })
  films!: number;
}

export class ViewingGrowthDto extends SeriesDayDto {
  @ApiInteger()
  views!: number;

  @ApiProperty({ description: 'Seconds watched.' })
  watchTime!: number;

  @ApiInteger({ description: 'Distinct viewers (members and visitors).' })
  viewers!: number;
}

export class GrowthMetricsDto {
  @ApiInteger({ description: 'Over the period.' })
  newUsers!: number;

  @ApiInteger()
  newFilms!: number;

  @ApiInteger()
  views!: number;

  @ApiProperty({ type: [UserGrowthDto] })
  userGrowth!: UserGrowthDto[];

  @ApiProperty({ type: [ContentGrowthDto] })
  contentGrowth!: ContentGrowthDto[];

  @ApiProperty({ type: [ViewingGrowthDto] })
  viewingGrowth!: ViewingGrowthDto[];
}

export class TopFilmDto {
  @ApiProperty({ type: AnalyticsFilmDto })
  film!: AnalyticsFilmDto;

  @ApiInteger({ description: 'Qualified views in the period.' })
  views!: number;

  @ApiProperty({ description: 'Mean member rating out of 10 (0 without reviews).' })
  rating!: number;
}

export class AnalyticsCreatorDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  isVerified!: boolean;
}

export class TopCreatorDto {
  @ApiProperty({ type: AnalyticsCreatorDto })
  creator!: AnalyticsCreatorDto;

  @ApiInteger()
  followers!: number;

  @ApiInteger({ description: 'Qualified views in the period.' })
  views!: number;
}

export class TopPerformersDto {
  @ApiProperty({ type: [TopFilmDto] })
  films!: TopFilmDto[];

  @ApiProperty({ type: [TopCreatorDto] })
  creators!: TopCreatorDto[];
}

/** One kind of recommendation row over the period: how often it was shown and opened. */
export class RowClickThroughDto {
  @ApiProperty({
    enum: ROW_KINDS,
    enumName: 'RecommendationRowKind',
  })
  rowKind!: RecommendationRowKind;

  @ApiInteger({ description: 'Browsing sessions in which a row of this kind was shown.' })
  impressions!: number;

  @ApiInteger({ description: 'Browsing sessions in which a film was opened from a row of this kind.' })
  clicks!: number;

  @ApiProperty({ description: 'clicks ÷ impressions (0 without impressions).' })
  clickThrough!: number;
}

/** GET /api/analytics/admin: admins only. */
export class PlatformAnalyticsDto {
  @ApiInteger({ description: 'The period in days (growth, top performers).' })
  days!: number;

  @ApiProperty({ type: PlatformStatsDto })
  platformStats!: PlatformStatsDto;

  @ApiProperty({ type: RevenueMetricsDto })
  revenueMetrics!: RevenueMetricsDto;

  @ApiProperty({ type: GrowthMetricsDto })
  growthMetrics!: GrowthMetricsDto;

  @ApiProperty({ type: TopPerformersDto })
  topPerformers!: TopPerformersDto;

  @ApiProperty({ type: AdMetricsDto })
  adMetrics!: AdMetricsDto;

  @ApiProperty({
    type: [RowClickThroughDto],
    description: 'Recommendation rows in the period, per row kind (docs/recommendations.md).',
  })
  recommendations!: RowClickThroughDto[];

  @ApiNullableTimestamp()
  computedAt!: string | null;
}
