import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, EnumField, trimmed } from '@kinora/common';
import { MODERATION_REASON_MAX_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export const FILM_DECISIONS = ['published', 'archived'] as const;
export type FilmDecision = (typeof FILM_DECISIONS)[number];

/**
 * Approve (published) or reject (archived). The product's call table sends `{status}` alone, so a
 * reason is optional on the API either way; the dashboard asks for one when rejecting, and the
 * creator is sent it when given.
 */
export class DecideFilmDto {
  @EnumField(FILM_DECISIONS)
  status!: FilmDecision;

  @ApiPropertyOptional({
    maxLength: MODERATION_REASON_MAX_LENGTH,
    description: 'Why it was rejected (blank is none); shown and mailed to the creator.',
  })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'reason must be a string' })
  @MaxLength(MODERATION_REASON_MAX_LENGTH, {
    message: `reason must be at most ${MODERATION_REASON_MAX_LENGTH} characters`,
  })
  reason?: string;
}

export class FilmDecisionDto {
  @ApiInteger()
  filmId!: number;

  @ApiProperty({ enum: [...FILM_DECISIONS] })
  status!: FilmDecision;

  @ApiNullableString()
  reason!: string | null;
}
