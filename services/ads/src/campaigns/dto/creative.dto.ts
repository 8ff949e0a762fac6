import { ApiProperty, PartialType } from '@nestjs/swagger';
import { ApiInteger, HTTP_URL_OPTIONS, NumberField, RequiredTextField, trimmed } from '@kinora/common';
import { Transform } from 'class-transformer';
import { IsString, IsUrl, MaxLength } from 'class-validator';
import {
  CLICK_URL_MAX_LENGTH,
  CREATIVE_DESCRIPTION_MAX_LENGTH,
  CREATIVE_DURATION_MAX,
  CREATIVE_DURATION_MIN,
  CREATIVE_TITLE_MAX_LENGTH,
} from '@kinora/contracts';

const TITLE = `title must be 1 to ${CREATIVE_TITLE_MAX_LENGTH} characters`;
const DESCRIPTION = `description must be a text of at most ${CREATIVE_DESCRIPTION_MAX_LENGTH} characters`;
const VIDEO = 'videoUrl must be one of the creative videos (GET /api/ads/creative-videos)';
const DURATION = `duration must be a number of seconds from ${CREATIVE_DURATION_MIN} to ${CREATIVE_DURATION_MAX}`;
const CLICK = `clickUrl must be an http(s) URL of at most ${CLICK_URL_MAX_LENGTH} characters`;

export class CreativeDto {
  @ApiInteger()
  id!: number;

  @ApiInteger()
  campaignId!: number;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ description: 'The HLS master playlist, under /media/ads/.' })
  videoUrl!: string;

  @ApiProperty({ description: 'Seconds.' })
  duration!: number;

  @ApiProperty({ format: 'uri' })
  clickUrl!: string;
}

export class CreateCreativeDto {
  @RequiredTextField(CREATIVE_TITLE_MAX_LENGTH, { message: TITLE })
  title!: string;

  @ApiProperty({ maxLength: CREATIVE_DESCRIPTION_MAX_LENGTH })
  @Transform(trimmed)
  @IsString({ message: DESCRIPTION })
  @MaxLength(CREATIVE_DESCRIPTION_MAX_LENGTH, { message: DESCRIPTION })
  description!: string;

  @ApiProperty({ description: 'One of GET /api/ads/creative-videos (its videoUrl).' })
  @IsString({ message: VIDEO })
  @MaxLength(500, { message: VIDEO })
  videoUrl!: string;

  @NumberField(CREATIVE_DURATION_MIN, CREATIVE_DURATION_MAX, DURATION, { description: 'Seconds.' })
  duration!: number;

  @ApiProperty({ format: 'uri', maxLength: CLICK_URL_MAX_LENGTH })
  @Transform(trimmed)
  @IsString({ message: CLICK })
  @IsUrl(HTTP_URL_OPTIONS, { message: CLICK })
  @MaxLength(CLICK_URL_MAX_LENGTH, { message: CLICK })
  clickUrl!: string;
}

/** Every field optional: left out is unchanged, null is refused. */
export class UpdateCreativeDto extends PartialType(CreateCreativeDto, { skipNullProperties: false }) {}
