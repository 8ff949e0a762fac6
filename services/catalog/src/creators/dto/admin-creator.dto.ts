import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ApiInteger,
  ApiNullableString,
  ApiNullableTimestamp,
  ApiTimestamp,
  blankToUndefined,
  PageQuery,
  RequiredTextField,
} from '@kinora/common';
import { CREATOR_SEARCH_MAX_LENGTH, AUDIT_REASON_MAX_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CreatorBasicsDto } from '../../films/dto/film.dto';
import { CreatorContactUserDto } from './creator.dto';

const TRUE_OR_FALSE = ['true', 'false'] as const;

/** The admins' creator list: a name or address search and the standing filters, paged. */
export class AdminCreatorsQuery extends PageQuery {
  @ApiPropertyOptional({
    maxLength: CREATOR_SEARCH_MAX_LENGTH,
    description: "Part of the creator's name or email address, whatever its case.",
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    blankToUndefined({ value: typeof value === 'string' ? value.trim() : value }),
  )
  @IsString({ message: 'q must be a string' })
  @MaxLength(CREATOR_SEARCH_MAX_LENGTH, {
    message: `q must be at most ${CREATOR_SEARCH_MAX_LENGTH} characters`,
  })
  q?: string;

  @ApiPropertyOptional({ enum: TRUE_OR_FALSE, description: 'Only verified (true) or only other creators.' })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(TRUE_OR_FALSE, { message: 'verified must be true or false' })
  verified?: 'true' | 'false';

  @ApiPropertyOptional({ enum: TRUE_OR_FALSE, description: 'Only suspended (true) or only other creators.' })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(TRUE_OR_FALSE, { message: 'suspended must be true or false' })
  suspended?: 'true' | 'false';
}

/** An admin suspends a creator. */
export class SuspendCreatorDto {
  @RequiredTextField(AUDIT_REASON_MAX_LENGTH, {
    description: 'Why: kept with the suspension and in the audit log. Trimmed before the check.',
  })
  reason!: string;
}

export class AdminCreatorCountsDto {
  @ApiInteger({ description: 'Published films (also while suspended: they are kept).' })
  films!: number;

  @ApiInteger()
  followers!: number;
}

/** A creator as the admins' list shows it, suspended or not (rules in docs/admin.md). */
export class AdminCreatorDto extends CreatorBasicsDto {
  @ApiProperty({ type: CreatorContactUserDto })
  user!: CreatorContactUserDto;

  @ApiProperty()
  isVerified!: boolean;

  @ApiProperty({ description: 'Suspended: the profile and films are out of every public read.' })
  isSuspended!: boolean;

  @ApiNullableTimestamp()
  suspendedAt!: string | null;

  @ApiNullableString({ description: "The admin's reason, while suspended." })
  suspensionReason!: string | null;

  @ApiProperty({ type: AdminCreatorCountsDto })
  _count!: AdminCreatorCountsDto;

  @ApiTimestamp()
  createdAt!: string;
}
