import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '@kinora/common';
import { SeriesDayDto } from './figures.dto';

/** One placement type's share of the ads, all time. */
export class AdPlacementFiguresDto {
  @ApiProperty({ description: 'Dollars charged for the impressions of this placement type.' })
  revenue!: number;

  @ApiInteger({ description: 'Impressions (ads started).' })
  views!: number;
}

/** One UTC day of ad figures. */
export class AdDailyFiguresDto extends SeriesDayDto {
  @ApiProperty({ description: 'Dollars charged that day.' })
  revenue!: number;

  @ApiInteger()
  impressions!: number;

  @ApiInteger()
  clicks!: number;
}

/**
 * The admin's advertising figures, from the recorded ad events (docs/advertising.md): totals all
 * time, `daily` over the dashboard's period.
 */
export class AdMetricsDto {
  @ApiProperty({ description: 'Dollars charged for impressions, all time.' })
  totalRevenue!: number;

  @ApiInteger({ description: 'Impressions (ads started), all time.' })
  totalImpressions!: number;

  @ApiInteger({ description: 'Clicks, all time.' })
  totalClicks!: number;

  @ApiProperty({ description: 'Clicks / impressions, a fraction from 0 to 1 (0 without impressions).' })
  averageCTR!: number;

  @ApiProperty({ description: 'Ads watched to the end / impressions, from 0 to 1 (0 without impressions).' })
  completionRate!: number;

  @ApiInteger({ description: 'Campaigns active now: status active and within their flight.' })
  activeCampaigns!: number;

  @ApiProperty({ description: 'Dollars: the budgets of the active campaigns.' })
  totalBudget!: number;

  @ApiProperty({ type: AdPlacementFiguresDto })
  preRoll!: AdPlacementFiguresDto;

  @ApiProperty({ type: AdPlacementFiguresDto })
  midRoll!: AdPlacementFiguresDto;

  @ApiProperty({ type: AdPlacementFiguresDto })
  postRoll!: AdPlacementFiguresDto;

  @ApiProperty({ type: [AdDailyFiguresDto], description: 'Each day of the period, oldest first.' })
  daily!: AdDailyFiguresDto[];
}
