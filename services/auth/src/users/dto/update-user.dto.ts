import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateUserDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(50)
  firstName?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(50)
  lastName?: string;

  /** An http(s) URL or a path under /media/; null removes the avatar. */
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(2048)
  @Matches(/^(https?:\/\/[^\s]+|\/media\/[^\s]+)$/, {
    message: 'profileImageUrl must be an http(s) URL or a /media/ path',
  })
  profileImageUrl?: string | null;
}
