import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ApiTimestamp,
  EnumField,
  IdField,
  IntegerField,
  NumberField,
  OptionalBooleanField,
} from '@kinora/common';
import { VIEWING_DEVICE_TYPES, type ViewingDeviceType } from '@kinora/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsDateString,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** A film is at most this long (seconds); positions and watch times beyond it are refused. */
export const MAX_SECONDS = 24 * 60 * 60;
const COUNT_MAX = 100_000;
export const REFERRER_MAX_LENGTH = 2048;
/** Ranges one update may carry (what was played since the previous one). */
export const WATCHED_RANGES_MAX = 200;

const seconds = (name: string) => `${name} must be a number of seconds from 0 to ${MAX_SECONDS}`;
const count = (name: string) => `${name} must be an integer from 0 to ${COUNT_MAX}`;

/** The player started: POST /api/analytics/viewing-session. */
export class StartViewingSessionDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Chosen by the player; the session is bound to its first writer.',
  })
  @IsUUID('all', { message: 'sessionId must be a UUID' })
  sessionId!: string;

  @IdField()
  filmId!: number;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    description: 'Ignored: the session belongs to whoever the gateway says is signed in (or nobody).',
  })
  @IsOptional()
  @IsString({ message: 'userId must be a string' })
  @MaxLength(100, { message: 'userId must be at most 100 characters' })
  userId?: string | null;

  @EnumField(VIEWING_DEVICE_TYPES)
  deviceType!: ViewingDeviceType;

  @ApiTimestamp({ description: 'Not in the future, at most 100 days ago.' })
  @IsDateString({ strict: true }, { message: 'sessionStartTime must be an ISO 8601 date-time' })
  sessionStartTime!: string;

  @NumberField(0, MAX_SECONDS, seconds('startPosition'))
  startPosition!: number;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: REFERRER_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: 'referrer must be a string' })
  @MaxLength(REFERRER_MAX_LENGTH, { message: `referrer must be at most ${REFERRER_MAX_LENGTH} characters` })
  referrer?: string | null;
}

/** Seconds of the film played, [start, end). */
export class WatchedRangeDto {
  @NumberField(0, MAX_SECONDS, seconds('watchedRanges[].start'))
  start!: number;

  @NumberField(0, MAX_SECONDS, seconds('watchedRanges[].end'))
  end!: number;
}

/**
 * PATCH /api/analytics/viewing-session/{sessionId}: every 30 s while playing, and once more when
 * the player closes (with sessionEndTime). Counters and positions are totals so far, not deltas;
 * watchedRanges is what was played since the previous update.
 */
export class UpdateViewingSessionDto {
  @NumberField(0, MAX_SECONDS, seconds('endPosition'))
  endPosition!: number;

  @NumberField(0, MAX_SECONDS, seconds('totalWatchTime'))
  totalWatchTime!: number;

  @IntegerField(0, COUNT_MAX, count('pauseCount'))
  pauseCount!: number;

  @IntegerField(0, COUNT_MAX, count('seekCount'))
  seekCount!: number;

  @ApiPropertyOptional({
    format: 'date-time',
    description:
      "The client's time of this update: the latest decides the end position. Required on every " +
      'update but the final one, whose sessionEndTime stands for it when it is left out.',
  })
  @ValidateIf((body: UpdateViewingSessionDto) => body.updatedAt !== undefined || !body.sessionEndTime)
  @IsDateString(
    { strict: true },
    { message: 'updatedAt must be an ISO 8601 date-time (it may be left out only with sessionEndTime)' },
  )
  updatedAt?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Sent on the final update, when the player closes.',
  })
  @IsOptional()
  @IsDateString({ strict: true }, { message: 'sessionEndTime must be an ISO 8601 date-time' })
  sessionEndTime?: string;

  @OptionalBooleanField(
    'Accepted for compatibility and ignored: completion is 90% of the film, decided by the server.',
  )
  isCompleted?: boolean;

  @ApiPropertyOptional({ type: [WatchedRangeDto], maxItems: WATCHED_RANGES_MAX })
  @IsOptional()
  @ArrayMaxSize(WATCHED_RANGES_MAX, {
    message: `watchedRanges must have at most ${WATCHED_RANGES_MAX} ranges`,
  })
  @ValidateNested({ each: true })
  @Type(() => WatchedRangeDto)
  watchedRanges?: WatchedRangeDto[];

  @IntegerField(1, 1_000_000, 'bitrateKbps must be an integer from 1 to 1000000', {
    optional: true,
    description: 'Bit rate of the rendition playing, kbit/s.',
  })
  bitrateKbps?: number;
}

/** 202: the write was accepted (on Kafka); the figures follow within seconds. */
export class ViewingSessionAcceptedDto {
  @ApiProperty({ format: 'uuid' })
  sessionId!: string;

  @ApiProperty({
    description:
      'Send it back in the X-Viewing-Session-Token header of every update of this session: it binds the session to this writer (and member).',
  })
  token!: string;
}

/** The header an update carries its session's write token in. */
export const SESSION_TOKEN_HEADER = 'x-viewing-session-token';
