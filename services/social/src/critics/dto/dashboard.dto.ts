import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiTimestamp } from '@kinora/common';

export class DashboardReviewDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  reviewTitle!: string;

  @ApiTimestamp()
  publishedAt!: string;

  @ApiProperty({ description: 'The rating out of 10, as a string ("8").' })
  rating!: string;

  @ApiProperty()
  review!: string;

  @ApiInteger()
  filmId!: number;

  @ApiNullableString()
  filmTitle!: string | null;
}

/** The signed-in critic's figures. */
export class CriticDashboardDto {
  @ApiInteger()
  criticId!: number;

  @ApiInteger({ minimum: 0 })
  totalReviews!: number;

  @ApiProperty({ description: 'Mean rating out of 10, one decimal; 0 without reviews.' })
  averageRating!: number;

  @ApiInteger({ minimum: 0 })
  followersCount!: number;

  @ApiInteger({
    minimum: 0,
    description: 'round(totalReviews × averageRating / 5 × 100), from the figures above.',
  })
  impactScore!: number;

  @ApiProperty({ type: [DashboardReviewDto], description: 'Newest first.' })
  recentReviews!: DashboardReviewDto[];
}
