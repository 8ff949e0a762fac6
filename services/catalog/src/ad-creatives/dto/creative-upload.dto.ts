import { ApiProperty } from '@nestjs/swagger';
import { ApiNullableString, trimmed } from '@kinora/common';
import { CREATIVE_TITLE_MAX_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches } from 'class-validator';

export class CreateCreativeUploadDto {
  @ApiProperty({ description: 'The finished upload (the id at the end of its Location).' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,128}$/, { message: 'uploadId must be an upload id' })
  uploadId!: string;

  @ApiProperty({
    minLength: 1,
    maxLength: CREATIVE_TITLE_MAX_LENGTH,
    description: "What the creative picker shows for this video (e.g. the advertiser's spot name).",
  })
  @Transform(trimmed)
  @IsString()
  @Length(1, CREATIVE_TITLE_MAX_LENGTH)
  label!: string;
}

export const CREATIVE_UPLOAD_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type CreativeUploadStatus = (typeof CREATIVE_UPLOAD_STATUSES)[number];

export class CreativeUploadDto {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  label!: string;

  @ApiProperty({ enum: CREATIVE_UPLOAD_STATUSES })
  status!: CreativeUploadStatus;

  @ApiProperty({ minimum: 0, maximum: 100, description: 'How far the transcode has come, in percent.' })
  progress!: number;

  @ApiNullableString({ description: 'Why the video could not be processed.' })
  failureReason!: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: "The HLS master playlist once ready: a creative's video (the ads creative picker lists it).",
    example: '/media/ads/upload-7/master.m3u8',
  })
  videoUrl!: string | null;

  @ApiProperty({ type: 'number', nullable: true, description: 'Seconds, once ready.' })
  duration!: number | null;
}
