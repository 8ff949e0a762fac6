import { applyDecorators } from '@nestjs/common';
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

/**
 * An optional social handle matching `pattern`: "@name", "name" or the profile URL on the
 * platform's `hosts` in, the bare handle kept; the message says it must be a handle `like`.
 */
function HandleField(
  name: string,
  {
    hosts,
    pattern,
    description,
    like,
  }: { hosts: string; pattern: string; description: string; like: string },
) {
  const full = new RegExp(`^(?:https?://(?:www\\.)?(?:${hosts})/)?@?(${pattern})/?$`, 'i');
  return applyDecorators(
    ApiPropertyOptional({ description }),
    Transform(({ value }: { value: unknown }) => {
      const text = blankOrNullToUndefined({ value });
      if (typeof text !== 'string') return text;
      return full.exec(text)?.[1] ?? text;
    }),
    IsOptional(),
    Matches(new RegExp(`^${pattern}$`), { message: `socialLinks.${name} must be a handle like ${like}` }),
  );
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

  @HandleField('twitter', {
    hosts: 'twitter\\.com|x\\.com',
    pattern: '[A-Za-z0-9_]{1,15}',
    description: 'X/Twitter handle: @name, name or the profile URL on input.',
    like: '@name (letters, digits or _, up to 15)',
  })
  twitter?: string;

  @HandleField('instagram', {
    hosts: 'instagram\\.com',
    pattern: '[A-Za-z0-9._]{1,30}',
    description: 'Instagram handle: @name, name or the profile URL on input.',
    like: '@name (letters, digits, . or _, up to 30)',
  })
  instagram?: string;

  @HandleField('youtube', {
    hosts: 'youtube\\.com',
    pattern: '[A-Za-z0-9._-]{3,30}',
    description: 'YouTube handle: @channel, channel or the channel URL on input.',
    like: '@channel (letters, digits, ., _ or -, 3 to 30)',
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
