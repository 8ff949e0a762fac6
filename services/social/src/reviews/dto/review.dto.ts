import { ApiProperty } from '@nestjs/swagger';
import {
  ApiInteger,
  ApiNullableString,
  ApiNullableTimestamp,
  ApiTimestamp,
  IntegerField,
  NamedUserDto,
  PageQuery,
  RequiredTextField,
} from '@kinora/common';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_TEXT_MAX_LENGTH } from '@kinora/contracts';

/** The rating a member or a critic gives, as written. */
export const RatingField = () =>
  IntegerField(
    REVIEW_RATING_MIN,
    REVIEW_RATING_MAX,
    `rating must be an integer between ${REVIEW_RATING_MIN} and ${REVIEW_RATING_MAX}`,
    { example: 8 },
  );

/** The rating, as the answers show it. */
export const ApiRating = () => ApiInteger({ minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX });

/** A member's review: posting again on the same film replaces theirs. */
export class WriteReviewDto {
  @RatingField()
  rating!: number;

  @RequiredTextField(REVIEW_TEXT_MAX_LENGTH, {
    description: 'Trimmed; not blank.',
    notStringMessage: 'review must be a string',
  })
  review!: string;
}

/** limit (default 20) and offset. */
export class ListReviewsQuery extends PageQuery {}

/** The reviewer, from the users read model (names and avatar may be unknown for a moment). */
export class ReviewerDto extends NamedUserDto {
  @ApiNullableString()
  profileImageUrl!: string | null;
}

export class ReviewDto {
  @ApiInteger()
  id!: number;

  @ApiInteger()
  filmId!: number;

  @ApiRating()
  rating!: number;

  @ApiProperty()
  review!: string;

  @ApiTimestamp()
  createdAt!: string;

  @ApiNullableTimestamp({ description: 'When the member last replaced it; null if never edited.' })
  editedAt!: string | null;

  @ApiProperty({ type: ReviewerDto })
  user!: ReviewerDto;
}
