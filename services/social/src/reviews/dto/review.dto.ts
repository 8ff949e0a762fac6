import { ApiProperty } from '@nestjs/swagger';
import { PageQuery } from '@kinora/common';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_TEXT_MAX_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';

const RATING_MESSAGE = `rating must be an integer between ${REVIEW_RATING_MIN} and ${REVIEW_RATING_MAX}`;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A member's review: posting again on the same film replaces theirs. */
export class WriteReviewDto {
  @ApiProperty({ type: 'integer', minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX, example: 8 })
  @IsInt({ message: RATING_MESSAGE })
  @Min(REVIEW_RATING_MIN, { message: RATING_MESSAGE })
  @Max(REVIEW_RATING_MAX, { message: RATING_MESSAGE })
  rating!: number;

  @ApiProperty({ minLength: 1, maxLength: REVIEW_TEXT_MAX_LENGTH, description: 'Trimmed; not blank.' })
  @Transform(trim)
  @IsString({ message: 'review must be a string' })
  @IsNotEmpty({ message: 'review is required' })
  @MaxLength(REVIEW_TEXT_MAX_LENGTH, {
    message: `review must be at most ${REVIEW_TEXT_MAX_LENGTH} characters`,
  })
  review!: string;
}

/** limit (default 20) and offset. */
export class ListReviewsQuery extends PageQuery {}

/** The reviewer, from the users read model (names and avatar may be unknown for a moment). */
export class ReviewerDto {
  @ApiProperty()
  id!: string;

  @ApiProperty({ type: 'string', nullable: true })
  firstName!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  lastName!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  profileImageUrl!: string | null;
}

export class ReviewDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'integer' })
  filmId!: number;

  @ApiProperty({ type: 'integer', minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX })
  rating!: number;

  @ApiProperty()
  review!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the member last replaced it; null if never edited.',
  })
  editedAt!: string | null;

  @ApiProperty({ type: ReviewerDto })
  user!: ReviewerDto;
}
