import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CREATOR_BIO_MAX_LENGTH, CREATOR_WEBSITE_MAX_LENGTH } from '@kinora/contracts';
import { Transform, Type } from 'class-transformer';
import {
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const optional = ({ value }: { value: unknown }) => {
  const text = trimmed(value);
  return text === '' || text === null ? undefined : text;
};

/** Accepts "@name", "name" or the platform's profile URL, and keeps the bare handle. */
function handle(hosts: string, pattern: string) {
  const full = new RegExp(`^(?:https?://(?:www\\.)?(?:${hosts})/)?@?(${pattern})/?$`, 'i');
  return ({ value }: { value: unknown }) => {
    const text = optional({ value });
    if (typeof text !== 'string') return text;
    return full.exec(text)?.[1] ?? text;
  };
}

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };

export class SocialLinksDto {
  @ApiPropertyOptional({
    format: 'uri',
    maxLength: CREATOR_WEBSITE_MAX_LENGTH,
    description: 'An http(s) URL.',
  })
  @Transform(optional)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'socialLinks.website must be an http(s) URL' })
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
  @ApiProperty({ minLength: 1, maxLength: CREATOR_BIO_MAX_LENGTH, description: 'Trimmed before the check.' })
  @Transform(({ value }: { value: unknown }) => trimmed(value))
  @IsString({ message: 'bio is required' })
  @IsNotEmpty({ message: 'bio is required' })
  @MaxLength(CREATOR_BIO_MAX_LENGTH, { message: `bio must be at most ${CREATOR_BIO_MAX_LENGTH} characters` })
  bio!: string;

  @ApiPropertyOptional({
    format: 'uri',
    maxLength: CREATOR_WEBSITE_MAX_LENGTH,
    description: 'An http(s) URL.',
  })
  @Transform(optional)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'website must be an http(s) URL' })
  @MaxLength(CREATOR_WEBSITE_MAX_LENGTH, {
    message: `website must be at most ${CREATOR_WEBSITE_MAX_LENGTH} characters`,
  })
  website?: string;

  @ApiPropertyOptional({ type: SocialLinksDto })
  @IsOptional()
  @IsObject({ message: 'socialLinks must be an object' })
  @ValidateNested()
  @Type(() => SocialLinksDto)
  socialLinks?: SocialLinksDto;
}
