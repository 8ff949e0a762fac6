import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { ApiInteger } from '@kinora/common';

export const ROW_KINDS = [
  'for-you',
  'because-you-watched',
  'critics-you-follow',
  'trending-in-genre',
  'more-like-this',
] as const;

/** A row of recommended films: what it is, why it is there, and the films' ids in order. */
export class RecommendationRowDto {
  @ApiProperty({ enum: ROW_KINDS, enumName: 'RecommendationRowKind' })
  kind!: (typeof ROW_KINDS)[number];

  @ApiProperty({
    description:
      'Unique among the rows and stable: "for-you", "because:12", "critics", "trending:Drama", "similar:12".',
  })
  key!: string;

  @ApiProperty({ example: 'Because you watched Rule 110' })
  title!: string;

  @ApiProperty({
    description: 'Why the row is there, in a sentence.',
    example: 'Members who watched Rule 110 also watched these',
  })
  reason!: string;

  @ApiInteger({
    isArray: true,
    description: 'Published films, best first; GET /api/films?ids= gives their cards.',
  })
  filmIds!: number[];
}

export class HomeRecommendationsDto {
  @ApiProperty({
    description:
      'The rows are learned from this member (false for visitors, new members and members who turned personalisation off: then trending per genre).',
  })
  personalised!: boolean;

  @ApiProperty({ type: [RecommendationRowDto] })
  rows!: RecommendationRowDto[];
}

export class RecommendationSettingsDto {
  @ApiProperty({
    description: 'Recommendations learn from what the member watches, rates, likes, saves and follows.',
  })
  @IsBoolean({ message: 'personalised must be a boolean' })
  personalised!: boolean;
}
