import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiTimestamp } from '@kinora/common';

export class ExportedViewingSessionDto {
  @ApiProperty({ format: 'uuid' })
  sessionId!: string;

  @ApiInteger()
  filmId!: number;

  @ApiNullableString()
  filmTitle!: string | null;

  @ApiTimestamp()
  startedAt!: string;

  @ApiTimestamp({ description: 'The last update the player sent.' })
  lastUpdatedAt!: string;

  @ApiProperty({ description: 'Where playback stopped, in seconds.' })
  positionSeconds!: number;

  @ApiProperty({ description: 'Seconds watched in the session.' })
  watchTime!: number;

  @ApiProperty()
  completed!: boolean;

  @ApiProperty({ description: 'Device type, browser, operating system and country, as recorded.' })
  deviceType!: string;

  @ApiProperty()
  browser!: string;

  @ApiProperty()
  os!: string;

  @ApiProperty()
  country!: string;
}

/** Analytics' part of a member's data archive (GET /api/user/export/analytics). */
export class AnalyticsExportDto {
  @ApiProperty({ type: [ExportedViewingSessionDto], description: 'Every viewing session, oldest first.' })
  viewingHistory!: ExportedViewingSessionDto[];
}
