import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  blankOrNullToUndefined,
  HTTP_URL_OPTIONS,
  NestedField,
  OptionalHttpUrlField,
  RequiredTextField,
} from '@kinora/common';
import { CREATOR_BIO_MAX_LENGTH, CREATOR_WEBSITE_MAX_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsOptional, IsUrl, Matches, MaxLength } from 'class-validator';

/** Accepts "@name", "name" or the platform's profile URL, and keeps the bare handle. */
function handle(hosts: string, pattern: string) {
  const full = new RegExp(`^(?:https?://(?:www\\.)?(?:${hosts})/)?@?(${pattern})/?$`, 'i');
  return ({ value }: { value: unknown }) => {
    const text = blankOrNullToUndefined({ value });
    if (typeof text !== 'string') return text;
    return full.exec(text)?.[1] ?? text;
  };
}

export class SocialLinksDto {
  @ApiPropertyOptional({
    format: 'uri',
    maxLength: CREATOR_WEBSITE_MAX_LENGTH,
    description: 'An http(s) URL.',
  })
  @Transform(blankOrNullToUndefined)
  @IsOptional()
  @IsUrl(HTTP_URL_OPTIONS, { message: 'socialLinks.website must be an http(s) URL' })
  @MaxLength(CREATOR_WEBSITE_MAX_LENGTH)
  website?: string;

  @ApiPropertyOptional({ description: 'X/Twitter handle: @name, name or the profile URL on input.' })
  @Transform(handle('twitter\\.com|x\\.com', '[A-Za-z0-9_]{1,15}'))
  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{1,15}$/, {
    message: 'socialLinks.twitter must be a handle like @name (letters, digits or _, up to 15)',
  })
  twitter?: string;

  @ApiPropertyOptional({ description: 'Instagram handle: @name, name or the profile URL on input.' })
  @Transform(handle('instagram\\.com', '[A-Za-z0-9._]{1,30}'))
  @IsOptional()
  @Matches(/^[A-Za-z0-9._]{1,30}$/, {
    message: 'socialLinks.instagram must be a handle like @name (letters, digits, . or _, up to 30)',
  })
  instagram?: string;

  @ApiPropertyOptional({ description: 'YouTube handle: @channel, channel or the channel URL on input.' })
  @Transform(handle('youtube\\.com', '[A-Za-z0-9._-]{3,30}'))
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{3,30}$/, {
    message: 'socialLinks.youtube must be a handle like @channel (letters, digits, ., _ or -, 3 to 30)',
  })
  youtube?: string;
}

export class CreateCreatorDto {
  @RequiredTextField(CREATOR_BIO_MAX_LENGTH, { description: 'Trimmed before the check.' })
  bio!: string;

  @OptionalHttpUrlField(CREATOR_WEBSITE_MAX_LENGTH)
  website?: string;

  @NestedField(SocialLinksDto, { optional: true })
  socialLinks?: SocialLinksDto;
}
