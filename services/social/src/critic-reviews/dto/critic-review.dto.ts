import { ApiProperty } from '@nestjs/swagger';
import { PageQuery } from '@kinora/common';
import {
  CRITIC_REVIEW_TITLE_MAX_LENGTH,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
} from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { FilmSummaryDto } from '../../films/dto/film-summary.dto';

const RATING_MESSAGE = `rating must be an integer between ${REVIEW_RATING_MIN} and ${REVIEW_RATING_MAX}`;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A critic's review of a film: posting again on the same film replaces theirs. */
export class WriteCriticReviewDto {
  @ApiProperty({
    minLength: 1,
    maxLength: CRITIC_REVIEW_TITLE_MAX_LENGTH,
    description: 'Trimmed; not blank.',
  })
  @Transform(trim)
  @IsString({ message: 'title is required' })
  @IsNotEmpty({ message: 'title is required' })
  @MaxLength(CRITIC_REVIEW_TITLE_MAX_LENGTH, {
    message: `title must be at most ${CRITIC_REVIEW_TITLE_MAX_LENGTH} characters`,
  })
  title!: string;

  @ApiProperty({ type: 'integer', minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX, example: 8 })
  @IsInt({ message: RATING_MESSAGE })
  @Min(REVIEW_RATING_MIN, { message: RATING_MESSAGE })
  @Max(REVIEW_RATING_MAX, { message: RATING_MESSAGE })
  rating!: number;

  @ApiProperty({ minLength: 1, maxLength: REVIEW_TEXT_MAX_LENGTH, description: 'Trimmed; not blank.' })
  @Transform(trim)
  @IsString({ message: 'review is required' })
  @IsNotEmpty({ message: 'review is required' })
  @MaxLength(REVIEW_TEXT_MAX_LENGTH, {
    message: `review must be at most ${REVIEW_TEXT_MAX_LENGTH} characters`,
  })
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

  @ApiProperty({ type: 'integer', minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX })
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
  @ApiProperty({ type: 'integer', minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX })
  rating!: number;

  @ApiProperty()
  reviewTitle!: string;

  @ApiProperty({ type: 'integer' })
  reviewId!: number;

  @ApiProperty({ type: FilmSummaryDto })
  film!: FilmSummaryDto;
}
