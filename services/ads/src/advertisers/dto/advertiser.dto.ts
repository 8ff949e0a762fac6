import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { ADVERTISER_NAME_MAX_LENGTH, WEBSITE_URL_MAX_LENGTH } from '@kinora/contracts';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty website is no website. */
const blankToNull = ({ value }: { value: unknown }) => {
  const text = typeof value === 'string' ? value.trim() : value;
  return text === '' ? null : text;
};
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };
const NAME_MESSAGE = `name must be 1 to ${ADVERTISER_NAME_MAX_LENGTH} characters`;
const WEBSITE_MESSAGE = `websiteUrl must be an http(s) URL of at most ${WEBSITE_URL_MAX_LENGTH} characters`;

export class AdvertiserDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: 'string', format: 'uri', nullable: true })
  websiteUrl!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: 'integer', description: 'Campaigns of this advertiser.' })
  campaignCount!: number;
}

export class CreateAdvertiserDto {
  @ApiProperty({ minLength: 1, maxLength: ADVERTISER_NAME_MAX_LENGTH, description: 'Unique, trimmed.' })
  @Transform(trimmed)
  @IsString({ message: NAME_MESSAGE })
  @IsNotEmpty({ message: NAME_MESSAGE })
  @MaxLength(ADVERTISER_NAME_MAX_LENGTH, { message: NAME_MESSAGE })
  name!: string;

  @ApiPropertyOptional({
    type: 'string',
    format: 'uri',
    nullable: true,
    maxLength: WEBSITE_URL_MAX_LENGTH,
    description: 'An http(s) URL; empty or null for none.',
  })
  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: WEBSITE_MESSAGE })
  @IsUrl(URL_OPTIONS, { message: WEBSITE_MESSAGE })
  @MaxLength(WEBSITE_URL_MAX_LENGTH, { message: WEBSITE_MESSAGE })
  websiteUrl?: string | null;
}

export class UpdateAdvertiserDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: ADVERTISER_NAME_MAX_LENGTH })
  @Transform(trimmed)
  @ValidateIf((_, value) => value !== undefined)
  @IsString({ message: NAME_MESSAGE })
  @IsNotEmpty({ message: NAME_MESSAGE })
  @MaxLength(ADVERTISER_NAME_MAX_LENGTH, { message: NAME_MESSAGE })
  name?: string;

  @ApiPropertyOptional({
    type: 'string',
    format: 'uri',
    nullable: true,
    maxLength: WEBSITE_URL_MAX_LENGTH,
    description: 'An http(s) URL; empty or null removes it.',
  })
  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: WEBSITE_MESSAGE })
  @IsUrl(URL_OPTIONS, { message: WEBSITE_MESSAGE })
  @MaxLength(WEBSITE_URL_MAX_LENGTH, { message: WEBSITE_MESSAGE })
  websiteUrl?: string | null;
}
