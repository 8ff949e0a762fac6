import { ApiProperty } from '@nestjs/swagger';
import {
  ApiInteger,
  ApiNullableString,
  ApiNullableTimestamp,
  ApiTimestamp,
  PageQuery,
  RequiredTextField,
} from '@kinora/common';
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
  @ApiInteger()
  id!: number;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiNullableString()
  profileImageUrl!: string | null;

  @ApiProperty()
  isVerified!: boolean;
}

export class CriticReviewDto {
  @ApiInteger()
  id!: number;

  @ApiInteger()
  filmId!: number;

  @ApiProperty()
  title!: string;

  @ApiRating()
  rating!: number;

  @ApiProperty()
  review!: string;

  @ApiTimestamp()
  createdAt!: string;

  @ApiNullableTimestamp({ description: 'Null if never edited.' })
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

  @ApiInteger()
  reviewId!: number;

  @ApiProperty({ type: FilmSummaryDto })
  film!: FilmSummaryDto;
}
