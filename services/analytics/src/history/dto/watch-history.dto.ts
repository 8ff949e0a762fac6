import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiTimestamp, PageQuery } from '@kinora/common';

/** limit (default 50) and offset. */
export class WatchHistoryQuery extends PageQuery {}

/** A film the member watched: their latest session of it. */
export class WatchHistoryEntryDto {
  @ApiInteger()
  filmId!: number;

  @ApiNullableString()
  title!: string | null;

  @ApiNullableString()
  posterUrl!: string | null;

  @ApiNullableString()
  genre!: string | null;

  @ApiProperty({ description: 'Seconds (0 when not known).' })
  durationSeconds!: number;

  @ApiTimestamp({ description: 'When the latest session was last updated.' })
  watchedAt!: string;

  @ApiProperty({ description: 'Where the latest session stopped, in seconds.' })
  positionSeconds!: number;

  @ApiProperty({ description: 'Seconds watched over all the member’s sessions of the film.' })
  watchTime!: number;

  @ApiInteger({ description: 'Sessions of the film.' })
  sessions!: number;

  @ApiProperty({ description: 'A session reached 90% of the film.' })
  completed!: boolean;
}
