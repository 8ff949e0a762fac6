import { ApiProperty } from '@nestjs/swagger';
import { PageQuery } from '@kinora/common';

/** limit (default 50) and offset. */
export class WatchHistoryQuery extends PageQuery {}

/** A film the member watched: their latest session of it. */
export class WatchHistoryEntryDto {
  @ApiProperty({ type: 'integer' })
  filmId!: number;

  @ApiProperty({ type: 'string', nullable: true })
  title!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  posterUrl!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  genre!: string | null;

  @ApiProperty({ description: 'Seconds (0 when not known).' })
  durationSeconds!: number;

  @ApiProperty({ format: 'date-time', description: 'When the latest session was last updated.' })
  watchedAt!: string;

  @ApiProperty({ description: 'Where the latest session stopped, in seconds.' })
  positionSeconds!: number;

  @ApiProperty({ description: 'Seconds watched over all the member’s sessions of the film.' })
  watchTime!: number;

  @ApiProperty({ type: 'integer', description: 'Sessions of the film.' })
  sessions!: number;

  @ApiProperty({ description: 'A session reached 90% of the film.' })
  completed!: boolean;
}
