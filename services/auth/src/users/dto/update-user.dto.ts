import { ApiPropertyOptional } from '@nestjs/swagger';
import { trimmed } from '@kinora/common';
import { NAME_MAX_LENGTH, PROFILE_IMAGE_URL_MAX_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

export class UpdateUserDto {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH, description: 'Trimmed.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH, description: 'Trimmed.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  lastName?: string;

  /** An http(s) URL or a path under /media/; null removes the avatar. */
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: PROFILE_IMAGE_URL_MAX_LENGTH,
    description: 'An http(s) URL or a /media/ path; null removes the avatar.',
  })
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(PROFILE_IMAGE_URL_MAX_LENGTH)
  @Matches(/^(https?:\/\/[^\s]+|\/media\/[^\s]+)$/, {
    message: 'profileImageUrl must be an http(s) URL or a /media/ path',
  })
  profileImageUrl?: string | null;
}
