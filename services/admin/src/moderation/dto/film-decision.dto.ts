import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, EnumField, trimmed } from '@kinora/common';
import { MODERATION_REASON_MAX_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';

export const FILM_DECISIONS = ['published', 'archived'] as const;
export type FilmDecision = (typeof FILM_DECISIONS)[number];

/** Approve (published) or reject (archived, with the reason the creator is sent). */
export class DecideFilmDto {
  @EnumField(FILM_DECISIONS)
  status!: FilmDecision;

  @ApiPropertyOptional({
    maxLength: MODERATION_REASON_MAX_LENGTH,
    description: 'Required (not blank) when archived; shown and mailed to the creator.',
  })
  @Transform(trimmed)
  // A blank reason on an approval is simply no reason; on a rejection it is refused.
  @ValidateIf((dto: DecideFilmDto) => dto.status === 'archived' || (dto.reason != null && dto.reason !== ''))
  @IsString({ message: 'reason must be a string' })
  @IsNotEmpty({ message: 'reason is required when rejecting a film' })
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
