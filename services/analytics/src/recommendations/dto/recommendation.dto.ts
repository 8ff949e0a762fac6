import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsUUID, Matches } from 'class-validator';
import { ApiInteger, EnumField, IdField } from '@kinora/common';
import { HOME_ROW_KINDS } from '../rows';

/** Every kind of row: the home page's, and a film page's "More like this". */
export const ROW_KINDS = [...HOME_ROW_KINDS, 'more-like-this'] as const;
export type RecommendationRowKind = (typeof ROW_KINDS)[number];

/** A row of recommended films: what it is, why it is there, and the films' ids in order. */
export class RecommendationRowDto {
  @ApiProperty({ enum: ROW_KINDS, enumName: 'RecommendationRowKind' })
  kind!: RecommendationRowKind;

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

export const ROW_EVENT_KINDS = ['impression', 'click'] as const;
/** A row's key as the rows answer it: "for-you", "because:12", "trending:Sci-Fi", "similar:12". */
const ROW_KEY = /^[a-z-]{1,32}(:[A-Za-z0-9 -]{1,40})?$/;

/** A recommendation row shown (impression) or one of its films opened (click), once per browsing session. */
export class RowEventDto {
  @ApiProperty({ format: 'uuid', description: 'The browsing session: one per browser tab, made by the SPA.' })
  @IsUUID('all', { message: 'session must be a UUID' })
  session!: string;

  @EnumField(ROW_EVENT_KINDS)
  kind!: (typeof ROW_EVENT_KINDS)[number];

  @EnumField(ROW_KINDS, { enumName: 'RecommendationRowKind' })
  rowKind!: RecommendationRowKind;

  @ApiProperty({ description: "The row's key as the rows gave it.", example: 'because:12', maxLength: 73 })
  @Matches(ROW_KEY, { message: 'rowKey must be a row key such as for-you or because:12' })
  rowKey!: string;

  @IdField({ optional: true, description: 'The film opened: required for a click.' })
  filmId?: number;
}
