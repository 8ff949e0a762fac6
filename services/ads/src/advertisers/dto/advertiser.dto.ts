import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiInteger, ApiTimestamp, HTTP_URL_OPTIONS, trimmed } from '@kinora/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { ADVERTISER_NAME_MAX_LENGTH, WEBSITE_URL_MAX_LENGTH } from '@kinora/contracts';

/** An empty website is no website. */
const blankToNull = ({ value }: { value: unknown }) => {
  const text = trimmed({ value });
  return text === '' ? null : text;
};
const NAME_MESSAGE = `name must be 1 to ${ADVERTISER_NAME_MAX_LENGTH} characters`;
const WEBSITE_MESSAGE = `websiteUrl must be an http(s) URL of at most ${WEBSITE_URL_MAX_LENGTH} characters`;

/** The advertiser's site: optional, and blank or null means none (decorators bottom-up, as stacked ones apply). */
const WebsiteUrlField = (description: string) =>
  applyDecorators(
    MaxLength(WEBSITE_URL_MAX_LENGTH, { message: WEBSITE_MESSAGE }),
    IsUrl(HTTP_URL_OPTIONS, { message: WEBSITE_MESSAGE }),
    IsString({ message: WEBSITE_MESSAGE }),
    IsOptional(),
    Transform(blankToNull),
    ApiPropertyOptional({
      type: 'string',
      format: 'uri',
      nullable: true,
      maxLength: WEBSITE_URL_MAX_LENGTH,
      description,
    }),
  );

export class AdvertiserDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: 'string', format: 'uri', nullable: true })
  websiteUrl!: string | null;

  @ApiTimestamp()
  createdAt!: string;

  @ApiInteger({ description: 'Campaigns of this advertiser.' })
  campaignCount!: number;
}

export class CreateAdvertiserDto {
  @ApiProperty({ minLength: 1, maxLength: ADVERTISER_NAME_MAX_LENGTH, description: 'Unique, trimmed.' })
  @Transform(trimmed)
  @IsString({ message: NAME_MESSAGE })
  @IsNotEmpty({ message: NAME_MESSAGE })
  @MaxLength(ADVERTISER_NAME_MAX_LENGTH, { message: NAME_MESSAGE })
  name!: string;

  @WebsiteUrlField('An http(s) URL; empty or null for none.')
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

  @WebsiteUrlField('An http(s) URL; empty or null removes it.')
  websiteUrl?: string | null;
}
