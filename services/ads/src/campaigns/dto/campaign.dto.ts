import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import {
  ApiInteger,
  ApiTimestamp,
  EnumField,
  IdField,
  IntegerField,
  NumberField,
  OmittableNotNull,
  RequiredTextField,
} from '@kinora/common';
import { GENRES } from '@kinora/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDateString,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  AD_DEVICE_TYPES,
  BUDGET_MAX,
  BUDGET_MIN,
  CAMPAIGN_DELIVERIES,
  CAMPAIGN_NAME_MAX_LENGTH,
  CAMPAIGN_STATUSES,
  CAP_PER_SESSION_DEFAULT,
  CAP_PER_SESSION_MAX,
  CAP_PER_SESSION_MIN,
  CAP_PER_VIEWER_DAY_DEFAULT,
  CAP_PER_VIEWER_DAY_MAX,
  CAP_PER_VIEWER_DAY_MIN,
  CPM_MAX,
  CPM_MIN,
  CREATIVES_PER_CAMPAIGN_MAX,
  INTEREST_MAX_LENGTH,
  PACING_STATUSES,
  TARGET_AGE_MAX,
  TARGET_AGE_MIN,
  TARGET_COUNTRIES_MAX,
  TARGET_INTERESTS_MAX,
  type AdDeviceType,
  type CampaignDelivery,
  type CampaignStatus,
  type PacingStatus,
} from '@kinora/contracts';
import { CreateCreativeDto, CreativeDto } from './creative.dto';
import { distinctStrings } from '../../validation';

const NAME = `name must be 1 to ${CAMPAIGN_NAME_MAX_LENGTH} characters`;
const BUDGET = `budget must be a number of dollars from ${BUDGET_MIN} to ${BUDGET_MAX} with at most 2 decimals`;
const CPM = `cpm must be a number of dollars from ${CPM_MIN} to ${CPM_MAX} with at most 2 decimals`;
const DATE = (field: string) => `${field} must be an ISO 8601 date-time`;
const STATUS = `status must be one of ${CAMPAIGN_STATUSES.join(', ')}`;
const VIEWER_CAP = `capPerViewerDay must be an integer from ${CAP_PER_VIEWER_DAY_MIN} to ${CAP_PER_VIEWER_DAY_MAX}`;
const SESSION_CAP = `capPerSession must be an integer from ${CAP_PER_SESSION_MIN} to ${CAP_PER_SESSION_MAX}`;
const AGE = (field: string) =>
  `${field} must be an integer from ${TARGET_AGE_MIN} to ${TARGET_AGE_MAX}, or null`;
const GENRE = `genres must be a list of genres among ${GENRES.join(', ')}`;
const COUNTRY = `countries must be a list of ISO 3166-1 alpha-2 country codes (at most ${TARGET_COUNTRIES_MAX})`;
const INTERESTS = `interests must be a list of at most ${TARGET_INTERESTS_MAX} texts of 1 to ${INTEREST_MAX_LENGTH} characters`;
const DEVICES = `deviceTypes must be a list of ${AD_DEVICE_TYPES.join(', ')}`;

/** Genres are matched case-insensitively and kept as the catalog spells them. */
const canonicalGenre = (text: string) =>
  GENRES.find((genre) => genre.toLowerCase() === text.toLowerCase()) ?? text;

export class TargetingDto {
  @ApiProperty({ type: [String], description: 'Film genres; empty matches every film.' })
  genres!: string[];

  @ApiProperty({ type: [String], description: 'ISO 3166-1 alpha-2 codes; empty matches everyone.' })
  countries!: string[];

  @ApiInteger({ nullable: true })
  ageMin!: number | null;

  @ApiInteger({ nullable: true })
  ageMax!: number | null;

  @ApiProperty({ type: [String] })
  interests!: string[];

  @ApiProperty({ enum: AD_DEVICE_TYPES, isArray: true })
  deviceTypes!: AdDeviceType[];
}

/**
 * Who a campaign is shown to. An empty list (or no age bound) matches everyone; an age range or
 * interests only match viewers who declared them.
 */
export class TargetingInputDto {
  @ApiPropertyOptional({ enum: GENRES, isArray: true, description: 'Case-insensitive.' })
  @IsOptional()
  @Transform(distinctStrings(canonicalGenre))
  @IsArray({ message: GENRE })
  @IsIn(GENRES, { each: true, message: GENRE })
  genres?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: TARGET_COUNTRIES_MAX, example: ['US', 'GB'] })
  @IsOptional()
  @Transform(distinctStrings((text) => text.toUpperCase()))
  @IsArray({ message: COUNTRY })
  @ArrayMaxSize(TARGET_COUNTRIES_MAX, { message: COUNTRY })
  @IsString({ each: true, message: COUNTRY })
  @Matches(/^[A-Z]{2}$/, { each: true, message: COUNTRY })
  countries?: string[];

  @IntegerField(TARGET_AGE_MIN, TARGET_AGE_MAX, AGE('ageMin'), { optional: true, nullable: true })
  ageMin?: number | null;

  @IntegerField(TARGET_AGE_MIN, TARGET_AGE_MAX, AGE('ageMax'), { optional: true, nullable: true })
  ageMax?: number | null;

  @ApiPropertyOptional({ type: [String], maxItems: TARGET_INTERESTS_MAX, description: 'Case-insensitive.' })
  @IsOptional()
  @Transform(distinctStrings())
  @IsArray({ message: INTERESTS })
  @ArrayMaxSize(TARGET_INTERESTS_MAX, { message: INTERESTS })
  @IsString({ each: true, message: INTERESTS })
  @MinLength(1, { each: true, message: INTERESTS })
  @MaxLength(INTEREST_MAX_LENGTH, { each: true, message: INTERESTS })
  interests?: string[];

  @ApiPropertyOptional({ enum: AD_DEVICE_TYPES, isArray: true })
  @IsOptional()
  @Transform(distinctStrings((text) => text.toLowerCase()))
  @IsArray({ message: DEVICES })
  @IsIn(AD_DEVICE_TYPES, { each: true, message: DEVICES })
  deviceTypes?: AdDeviceType[];
}

export class CampaignDto {
  @ApiInteger()
  id!: number;

  @ApiInteger()
  advertiserId!: number;

  @ApiProperty()
  advertiserName!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: CAMPAIGN_STATUSES, description: 'As stored.' })
  status!: CampaignStatus;

  @ApiProperty({ enum: CAMPAIGN_STATUSES, description: 'As served: ended once the end has passed.' })
  effectiveStatus!: CampaignStatus;

  @ApiProperty({ description: 'Dollars.' })
  budget!: number;

  @ApiProperty({ description: 'Dollars per 1,000 impressions.' })
  cpm!: number;

  @ApiTimestamp()
  startsAt!: string;

  @ApiTimestamp()
  endsAt!: string;

  @ApiProperty({ enum: CAMPAIGN_DELIVERIES })
  delivery!: CampaignDelivery;

  @ApiInteger()
  capPerViewerDay!: number;

  @ApiInteger()
  capPerSession!: number;

  @ApiProperty({ type: TargetingDto })
  targeting!: TargetingDto;

  @ApiProperty({ type: [CreativeDto] })
  creatives!: CreativeDto[];

  @ApiProperty({ description: 'Dollars charged so far (impressions × CPM / 1000).' })
  spent!: number;

  @ApiInteger()
  impressions!: number;

  @ApiInteger()
  clicks!: number;

  @ApiProperty({
    enum: PACING_STATUSES,
    description: 'Spend against budget × elapsed / flight: on_pace within ±10 %.',
  })
  pacing!: PacingStatus;

  @ApiTimestamp()
  createdAt!: string;

  @ApiTimestamp()
  updatedAt!: string;
}

export class CreateCampaignDto {
  @IdField()
  advertiserId!: number;

  @RequiredTextField(CAMPAIGN_NAME_MAX_LENGTH, { message: NAME })
  name!: string;

  @NumberField(BUDGET_MIN, BUDGET_MAX, BUDGET, {
    maxDecimalPlaces: 2,
    description: 'Dollars over the flight.',
  })
  budget!: number;

  @NumberField(CPM_MIN, CPM_MAX, CPM, { maxDecimalPlaces: 2, description: 'Dollars per 1,000 impressions.' })
  cpm!: number;

  @ApiTimestamp()
  @IsDateString({ strict: true }, { message: DATE('startsAt') })
  startsAt!: string;

  @ApiTimestamp({ description: 'After startsAt.' })
  @IsDateString({ strict: true }, { message: DATE('endsAt') })
  endsAt!: string;

  @EnumField(CAMPAIGN_DELIVERIES)
  delivery!: CampaignDelivery;

  @IntegerField(CAP_PER_VIEWER_DAY_MIN, CAP_PER_VIEWER_DAY_MAX, VIEWER_CAP, {
    omittable: true,
    default: CAP_PER_VIEWER_DAY_DEFAULT,
    description: 'Impressions per viewer per day.',
  })
  capPerViewerDay?: number;

  @IntegerField(CAP_PER_SESSION_MIN, CAP_PER_SESSION_MAX, SESSION_CAP, {
    omittable: true,
    default: CAP_PER_SESSION_DEFAULT,
    description: 'Impressions per film session.',
  })
  capPerSession?: number;

  @ApiPropertyOptional({ type: TargetingInputDto, description: 'Left out: everyone.' })
  @OmittableNotNull()
  @IsObject({ message: 'targeting must be an object' })
  @ValidateNested()
  @Type(() => TargetingInputDto)
  targeting?: TargetingInputDto;

  @ApiPropertyOptional({ enum: CAMPAIGN_STATUSES, default: 'draft' })
  @OmittableNotNull()
  @IsIn(CAMPAIGN_STATUSES, { message: STATUS })
  status?: CampaignStatus;

  @ApiPropertyOptional({ type: [CreateCreativeDto], maxItems: CREATIVES_PER_CAMPAIGN_MAX })
  @OmittableNotNull()
  @IsArray({ message: `creatives must be a list of at most ${CREATIVES_PER_CAMPAIGN_MAX} creatives` })
  @ArrayMaxSize(CREATIVES_PER_CAMPAIGN_MAX, {
    message: `creatives must be a list of at most ${CREATIVES_PER_CAMPAIGN_MAX} creatives`,
  })
  @ValidateNested({ each: true })
  @Type(() => CreateCreativeDto)
  creatives?: CreateCreativeDto[];
}

/** Any field of a campaign but its creatives (they have their own calls); a targeting given replaces the whole. */
export class UpdateCampaignDto extends PartialType(OmitType(CreateCampaignDto, ['creatives'] as const), {
  skipNullProperties: false,
}) {}
