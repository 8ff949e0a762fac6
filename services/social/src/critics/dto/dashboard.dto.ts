import { ApiProperty } from '@nestjs/swagger';

export class DashboardReviewDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty()
  reviewTitle!: string;

  @ApiProperty({ format: 'date-time' })
  publishedAt!: string;

  @ApiProperty({ description: 'The rating out of 10, as a string ("8").' })
  rating!: string;

  @ApiProperty()
  review!: string;

  @ApiProperty({ type: 'integer' })
  filmId!: number;

  @ApiProperty({ type: 'string', nullable: true })
  filmTitle!: string | null;
}

/** The signed-in critic's figures. */
export class CriticDashboardDto {
  @ApiProperty({ type: 'integer' })
  criticId!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  totalReviews!: number;

  @ApiProperty({ description: 'Mean rating out of 10, one decimal; 0 without reviews.' })
  averageRating!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  followersCount!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'round(totalReviews × averageRating / 5 × 100), from the figures above.',
  })
  impactScore!: number;

  @ApiProperty({ type: [DashboardReviewDto], description: 'Newest first.' })
  recentReviews!: DashboardReviewDto[];
}
