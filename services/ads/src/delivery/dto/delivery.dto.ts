import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import {
  ApiInteger,
  blankToUndefined,
  EnumField,
  IdField,
  NumberField,
  OptionalBooleanField,
} from '@kinora/common';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  isISO8601,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import {
  AD_DEVICE_TYPES,
  INTEREST_MAX_LENGTH,
  TARGET_INTERESTS_MAX,
  type AdDeviceType,
} from '@kinora/contracts';
import { queryNumber } from '../../validation';
import { AD_EVENTS, PLACEMENT_TYPES, type AdEventName, type PlacementTypeName } from '../delivery-rules';

/** A film is at most this long (seconds): positions beyond it are refused. */
export const MAX_POSITION_SECONDS = 24 * 60 * 60;
export const DECLARED_AGE_MIN = 1;
export const DECLARED_AGE_MAX = 120;
export const TOKEN_MAX_LENGTH = 4096;

const POSITION = `position must be a number of seconds from 0 to ${MAX_POSITION_SECONDS}`;
const SESSION = 'sessionId must be a UUID';
// Nested fields: the message starts with the field's own name, which the error names by its path.
const COUNTRY = 'country must be an ISO 3166-1 alpha-2 country code';
const AGE = `age must be an integer from ${DECLARED_AGE_MIN} to ${DECLARED_AGE_MAX}`;
const INTERESTS = `interests must be a list of at most ${TARGET_INTERESTS_MAX} texts of 1 to ${INTEREST_MAX_LENGTH} characters`;
const TOKEN = `token must be a text of at most ${TOKEN_MAX_LENGTH} characters`;

/** A client's time: an ISO 8601 date-time, or seconds (the spec's players send either). */
const IsClientTime = (field: string) =>
  ValidateBy({
    name: 'isClientTime',
    validator: {
      validate: (value: unknown) =>
        (typeof value === 'number' && Number.isFinite(value) && value >= 0) ||
        (typeof value === 'string' && isISO8601(value, { strict: true })),
      defaultMessage: () => `${field} must be an ISO 8601 date-time or a number of seconds`,
    },
  });

export class UserDemographicsDto {
  @ApiPropertyOptional({ example: 'US', description: 'Used only when the address places nobody.' })
  @IsOptional()
  @IsString({ message: COUNTRY })
  @Matches(/^[A-Za-z]{2}$/, { message: COUNTRY })
  country?: string | null;

  @ApiPropertyOptional({ type: 'integer', minimum: DECLARED_AGE_MIN, maximum: DECLARED_AGE_MAX })
  @IsOptional()
  @IsInt({ message: AGE })
  @Min(DECLARED_AGE_MIN, { message: AGE })
  @Max(DECLARED_AGE_MAX, { message: AGE })
  age?: number | null;

  @ApiPropertyOptional({ type: [String], maxItems: TARGET_INTERESTS_MAX })
  @IsOptional()
  @IsArray({ message: INTERESTS })
  @ArrayMaxSize(TARGET_INTERESTS_MAX, { message: INTERESTS })
  @IsString({ each: true, message: INTERESTS })
  @MinLength(1, { each: true, message: INTERESTS })
  @MaxLength(INTEREST_MAX_LENGTH, { each: true, message: INTERESTS })
  interests?: string[] | null;
}

/** POST /api/ads/select: the player reached a break. */
export class SelectAdDto {
  @IdField()
  filmId!: number;

  @NumberField(0, MAX_POSITION_SECONDS, POSITION, { description: 'The break, seconds into the film.' })
  position!: number;

  @EnumField(PLACEMENT_TYPES, {
    description: 'Checked, then decided by the position: the answer and the events carry the type it gives.',
  })
  placementType!: PlacementTypeName;

  @ApiProperty({
    format: 'uuid',
    description: "The player's viewing session: the per-session cap counts it.",
  })
  @IsUUID('all', { message: SESSION })
  sessionId!: string;

  @ApiPropertyOptional({ type: UserDemographicsDto })
  @IsOptional()
  @IsObject({ message: 'userDemographics must be an object' })
  @ValidateNested()
  @Type(() => UserDemographicsDto)
  userDemographics?: UserDemographicsDto | null;

  @EnumField(AD_DEVICE_TYPES, {
    description: 'Used only when the user agent names no device.',
    optional: true,
  })
  deviceType?: AdDeviceType | null;
}

export class AdDto {
  @ApiInteger({ description: 'The creative.' })
  id!: number;

  @ApiInteger()
  campaignId!: number;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty()
  advertiserName!: string;

  @ApiProperty({ description: 'HLS master playlist under /media/ads/.' })
  videoUrl!: string;

  @ApiProperty({ description: 'Seconds.' })
  duration!: number;

  @ApiProperty({ format: 'uri' })
  clickUrl!: string;

  @ApiProperty({ enum: PLACEMENT_TYPES })
  placementType!: PlacementTypeName;

  @ApiProperty({ description: 'Seconds into the film.' })
  position!: number;

  @ApiProperty({ description: 'Send it with every tracking call of this ad (POST /api/ads/view).' })
  token!: string;
}

/** A viewer's clock reading: an ISO 8601 date-time or seconds since the epoch. */
const CLIENT_TIME: SchemaObject[] = [
  { type: 'string', format: 'date-time' },
  { type: 'number', minimum: 0 },
];

/** An optional clock reading of the viewer's (decorators bottom-up, as stacked ones apply). */
const ClientTimeField =
  (description: string) =>
  (target: object, key: string | symbol): void =>
    applyDecorators(
      IsClientTime(String(key)),
      IsOptional(),
      ApiPropertyOptional({ oneOf: CLIENT_TIME, description }),
    )(target, key);

/**
 * POST /api/ads/view: what the viewer did with an ad. The spec's payloads are accepted as they
 * are: without `event`, viewStartTime names start, wasSkipped skip and clicked click.
 */
export class RecordAdViewDto {
  @IdField({ description: 'The ad (creative) id.' })
  adId!: number;

  @IdField()
  filmId!: number;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: SESSION })
  sessionId!: string;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    description: 'Ignored: the viewer is whoever the gateway says is signed in (or a visitor).',
  })
  @Allow()
  userId?: unknown;

  @ApiPropertyOptional({
    maxLength: TOKEN_MAX_LENGTH,
    description: 'The token the ad was selected with; missing or not this ad’s is a 403.',
  })
  @IsOptional()
  @IsString({ message: TOKEN })
  @MaxLength(TOKEN_MAX_LENGTH, { message: TOKEN })
  token?: string;

  @EnumField(AD_EVENTS, { optional: true })
  event?: AdEventName;

  @EnumField(AD_DEVICE_TYPES, {
    description: 'Accepted; the device is the one decided at selection.',
    optional: true,
  })
  deviceType?: AdDeviceType;

  @ClientTimeField('ISO 8601 date-time (or seconds): the start payload.')
  viewStartTime?: string | number;

  @NumberField(
    0,
    MAX_POSITION_SECONDS,
    `viewDuration must be a number of seconds from 0 to ${MAX_POSITION_SECONDS}`,
    { optional: true, description: 'Seconds of the ad watched.' },
  )
  viewDuration?: number;

  @OptionalBooleanField('The skip payload.')
  wasSkipped?: boolean;

  @ClientTimeField('ISO 8601 date-time (or seconds).')
  skipTime?: string | number;

  @OptionalBooleanField('The click payload (Learn More).')
  clicked?: boolean;

  @ClientTimeField('ISO 8601 date-time (or seconds).')
  clickTime?: string | number;
}

export class AdViewRecordedDto {
  @ApiProperty({ description: 'False when this (session, ad, break, event) was already recorded.' })
  recorded!: boolean;
}

/** GET /api/ads/track: a VAST player's tracking pixel. */
export class TrackAdQuery {
  @ApiPropertyOptional({ maxLength: TOKEN_MAX_LENGTH, description: 'The token of the VAST document.' })
  @IsOptional()
  @IsString({ message: TOKEN })
  @MaxLength(TOKEN_MAX_LENGTH, { message: TOKEN })
  token?: string;

  @EnumField(AD_EVENTS)
  event!: AdEventName;
}

/** GET /api/ads/vast. */
export class VastQuery {
  @Transform(queryNumber)
  @IdField()
  filmId!: number;

  @Transform(queryNumber)
  @NumberField(0, MAX_POSITION_SECONDS, POSITION, { description: 'The break, seconds into the film.' })
  position!: number;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The viewing session; left out, the request is its own.',
  })
  @IsOptional()
  @Transform(blankToUndefined)
  @IsUUID('all', { message: SESSION })
  sessionId?: string;
}
