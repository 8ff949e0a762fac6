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
  @Transform(optional)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'socialLinks.website must be an http(s) URL' })
  @MaxLength(200)
  website?: string;

  @Transform(handle('twitter\\.com|x\\.com', '[A-Za-z0-9_]{1,15}'))
  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{1,15}$/, {
    message: 'socialLinks.twitter must be a handle like @name (letters, digits or _, up to 15)',
  })
  twitter?: string;

  @Transform(handle('instagram\\.com', '[A-Za-z0-9._]{1,30}'))
  @IsOptional()
  @Matches(/^[A-Za-z0-9._]{1,30}$/, {
    message: 'socialLinks.instagram must be a handle like @name (letters, digits, . or _, up to 30)',
  })
  instagram?: string;

  @Transform(handle('youtube\\.com', '[A-Za-z0-9._-]{3,30}'))
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{3,30}$/, {
    message: 'socialLinks.youtube must be a handle like @channel (letters, digits, ., _ or -, 3 to 30)',
  })
  youtube?: string;
}

export class CreateCreatorDto {
  @Transform(({ value }: { value: unknown }) => trimmed(value))
  @IsString({ message: 'bio is required' })
  @IsNotEmpty({ message: 'bio is required' })
  @MaxLength(500, { message: 'bio must be at most 500 characters' })
  bio!: string;

  @Transform(optional)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'website must be an http(s) URL' })
  @MaxLength(200, { message: 'website must be at most 200 characters' })
  website?: string;

  @IsOptional()
  @IsObject({ message: 'socialLinks must be an object' })
  @ValidateNested()
  @Type(() => SocialLinksDto)
  socialLinks?: SocialLinksDto;
}
