import { ApiProperty } from '@nestjs/swagger';
import { ApiDate, ApiInteger } from '@kinora/common';

/** A UTC day of a daily series, e.g. "2026-11-24": each series adds that day's figures. */
export class SeriesDayDto {
  @ApiDate()
  date!: string;
}

/** A day of the viewing figures. */
export class DailyFiguresDto extends SeriesDayDto {
  @ApiInteger({ description: 'Qualified views of sessions started that day.' })
  views!: number;

  @ApiProperty({ description: 'Seconds watched in sessions started that day.' })
  watchTime!: number;

  @ApiInteger({ description: 'Sessions started that day (Play, whether or not they became views).' })
  sessions!: number;
}

/** A share of the sessions, by country or device. */
export class ShareDto {
  @ApiProperty({ description: 'ISO 3166-1 alpha-2 code, "Unknown", or a device type.' })
  name!: string;

  @ApiInteger()
  sessions!: number;

  @ApiProperty({ description: 'Percent of all sessions in the period, one decimal.' })
  percentage!: number;
}

export class CountryShareDto extends ShareDto {
  @ApiProperty({ description: 'The same code (kept under the name the spec gives it).' })
  country!: string;
}

export class DeviceShareDto extends ShareDto {
  @ApiProperty({ description: 'desktop, mobile, tablet, tv, …' })
  device!: string;
}
