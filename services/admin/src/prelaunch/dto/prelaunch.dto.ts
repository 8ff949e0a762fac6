import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiTimestamp, PageQuery, trimmed } from '@kinora/common';
import { EMAIL_MAX_LENGTH, FEEDBACK_NAME_MAX_LENGTH, FEEDBACK_VISION_MAX_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class JoinWaitlistDto {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'Trimmed and lower-cased.' })
  @Transform(normalizeEmail)
  @IsString({ message: 'email must be a string' })
  @MaxLength(EMAIL_MAX_LENGTH)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email!: string;
}

export class FeedbackDto extends JoinWaitlistDto {
  @ApiPropertyOptional({ maxLength: FEEDBACK_NAME_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(FEEDBACK_NAME_MAX_LENGTH)
  name?: string;

  @ApiProperty({ minLength: 1, maxLength: FEEDBACK_VISION_MAX_LENGTH })
  @Transform(trimmed)
  @IsString({ message: 'vision must be a string' })
  @IsNotEmpty({ message: 'vision is required' })
  @MaxLength(FEEDBACK_VISION_MAX_LENGTH)
  vision!: string;
}

/** limit (default 20) and offset. */
export class PrelaunchListQuery extends PageQuery {}

export class WaitlistEntryDto {
  @ApiProperty()
  email!: string;

  @ApiTimestamp()
  createdAt!: string;
}

export class FeedbackEntryDto {
  @ApiInteger()
  id!: number;

  @ApiNullableString()
  name!: string | null;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  vision!: string;

  @ApiTimestamp()
  createdAt!: string;
}
