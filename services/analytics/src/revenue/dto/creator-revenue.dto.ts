import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '@kinora/common';

/** Ad revenue on a creator's films and the creator's earnings from it. */
export class CreatorRevenueFiguresDto {
  @ApiProperty({ description: 'Dollars charged to advertisers for impressions on the films.' })
  revenue!: number;

  @ApiProperty({
    description: "Dollars: the creator's share, rounded down to the micro-dollar per impression.",
  })
  earnings!: number;

  @ApiInteger({ description: 'Impressions (ads started).' })
  impressions!: number;
}

export class CreatorRevenueMonthDto extends CreatorRevenueFiguresDto {
  @ApiProperty({ description: 'YYYY-MM (UTC).', example: '2026-11' })
  month!: string;
}

export class CreatorRevenueFilmDto extends CreatorRevenueFiguresDto {
  @ApiInteger()
  filmId!: number;

  @ApiProperty()
  title!: string;
}

/** GET /api/analytics/creator/{id}/revenue: that creator and admins only. */
export class CreatorRevenueDto {
  @ApiInteger()
  creatorId!: number;

  @ApiProperty({ description: 'The share of the ad revenue creators earn, from 0 to 1 (0.55 = 55 %).' })
  share!: number;

  @ApiProperty({ type: CreatorRevenueFiguresDto, description: 'All time.' })
  totals!: CreatorRevenueFiguresDto;

  @ApiProperty({
    type: [CreatorRevenueMonthDto],
    description: 'The last 12 months (UTC), this one included, newest first; months without ads are zeros.',
  })
  months!: CreatorRevenueMonthDto[];

  @ApiProperty({
    type: [CreatorRevenueFilmDto],
    description:
      'All time, per film: every film of the creator (and deleted ones that earned), highest earnings first.',
  })
  films!: CreatorRevenueFilmDto[];
}
