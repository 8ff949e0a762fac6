import { ApiProperty } from '@nestjs/swagger';
import { PageQuery, RequiredTextField } from '@kinora/common';
import { CRITIC_REVIEW_TITLE_MAX_LENGTH, REVIEW_TEXT_MAX_LENGTH } from '@kinora/contracts';
import { FilmSummaryDto } from '../../films/dto/film-summary.dto';
import { ApiRating, RatingField } from '../../reviews/dto/review.dto';

/** A critic's review of a film: posting again on the same film replaces theirs. */
export class WriteCriticReviewDto {
  @RequiredTextField(CRITIC_REVIEW_TITLE_MAX_LENGTH, { description: 'Trimmed; not blank.' })
  title!: string;

  @RatingField()
  rating!: number;

  @RequiredTextField(REVIEW_TEXT_MAX_LENGTH, { description: 'Trimmed; not blank.' })
  review!: string;
}

/** limit (default 20) and offset. */
export class ListCriticReviewsQuery extends PageQuery {}

export class ReviewingCriticDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty({ type: 'string', nullable: true })
  profileImageUrl!: string | null;

  @ApiProperty()
  isVerified!: boolean;
}

export class CriticReviewDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'integer' })
  filmId!: number;

  @ApiProperty()
  title!: string;

  @ApiRating()
  rating!: number;

  @ApiProperty()
  review!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'Null if never edited.' })
  editedAt!: string | null;

  @ApiProperty({ type: ReviewingCriticDto })
  critic!: ReviewingCriticDto;

  @ApiProperty({ type: FilmSummaryDto })
  film!: FilmSummaryDto;
}

/** One of a critic's highest-rated films. */
export class CriticRecommendationDto {
  @ApiRating()
  rating!: number;

  @ApiProperty()
  reviewTitle!: string;

  @ApiProperty({ type: 'integer' })
  reviewId!: number;

  @ApiProperty({ type: FilmSummaryDto })
  film!: FilmSummaryDto;
}
