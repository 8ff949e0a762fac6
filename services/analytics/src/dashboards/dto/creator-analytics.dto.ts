import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiNullableTimestamp } from '@kinora/common';
import { FILM_STATUSES, type FilmStatus } from '@kinora/contracts';
import { CountryShareDto, DailyFiguresDto, DeviceShareDto, SeriesDayDto, ShareDto } from './figures.dto';

export class AnalyticsFilmDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  genre!: string;

  @ApiInteger({ description: 'Minutes.' })
  duration!: number;

  @ApiProperty({ description: 'Seconds, as probed (0 until transcoded).' })
  durationSeconds!: number;

  @ApiProperty({ enum: [...FILM_STATUSES] })
  status!: FilmStatus;

  @ApiNullableString()
  posterUrl!: string | null;
}

export class CreatorFilmFiguresDto {
  @ApiProperty({ type: AnalyticsFilmDto })
  film!: AnalyticsFilmDto;

  @ApiInteger({ description: 'Qualified views, all time.' })
  views!: number;

  @ApiProperty({ description: 'Seconds watched, all time.' })
  watchTime!: number;

  @ApiInteger({ description: 'Qualified views in the period.' })
  periodViews!: number;

  @ApiProperty({ description: 'Seconds watched in the period.' })
  periodWatchTime!: number;

  @ApiProperty({ description: 'Share of the period’s sessions that reached 90% of the film (0–1).' })
  completionRate!: number;

  @ApiProperty({
    type: [Number],
    description:
      'Retention in the period: for each percent of the film (100 points), the share of sessions that watched it (0–1).',
  })
  retention!: number[];
}

export class SubscriberGrowthDto extends SeriesDayDto {
  @ApiInteger({ description: 'Net new followers that day.' })
  subscribers!: number;
}

export class FollowerGrowthRateDto {
  @ApiInteger({ description: 'Followers now.' })
  followers!: number;

  @ApiInteger({ description: 'Followers 30 days ago.' })
  followersMonthAgo!: number;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Percent change over the last 30 days (null when there were no followers 30 days ago).',
  })
  percent!: number | null;
}

export class InsightDto {
  @ApiProperty({ description: 'best-day, strongest-country, top-device, drop-off, completion, top-film' })
  kind!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  detail!: string;
}

export class DemographicsDto {
  @ApiProperty({ type: [CountryShareDto] })
  countries!: CountryShareDto[];

  @ApiProperty({ type: [DeviceShareDto] })
  devices!: DeviceShareDto[];

  @ApiProperty({ type: [ShareDto] })
  browsers!: ShareDto[];
}

/** GET /api/analytics/creator/{id}: that creator and admins only. */
export class CreatorAnalyticsDto {
  @ApiInteger()
  creatorId!: number;

  @ApiInteger({ description: 'The period in days.' })
  days!: number;

  @ApiInteger({ description: 'Qualified views of all the creator’s films, all time.' })
  totalViews!: number;

  @ApiProperty({ description: 'Seconds watched, all time.' })
  totalWatchTime!: number;

  @ApiInteger({ description: 'Qualified views in the period.' })
  periodViews!: number;

  @ApiProperty({ description: 'Seconds watched in the period.' })
  periodWatchTime!: number;

  @ApiInteger({
    description:
      'Qualified views in the period whose viewer had opened the film from a recommendation row within the hour before.',
  })
  recommendedViews!: number;

  @ApiProperty({
    description: 'Mean of the member reviews of the creator’s films, out of 10 (0 without reviews).',
  })
  averageRating!: number;

  @ApiInteger()
  totalFollowers!: number;

  @ApiProperty({ type: [SubscriberGrowthDto], description: 'The last 7 days, oldest first.' })
  subscriberGrowth!: SubscriberGrowthDto[];

  @ApiProperty({ type: FollowerGrowthRateDto })
  growthRate!: FollowerGrowthRateDto;

  @ApiProperty({
    type: [CreatorFilmFiguresDto],
    description: 'Every film of the creator, most viewed first.',
  })
  topFilms!: CreatorFilmFiguresDto[];

  @ApiProperty({ type: DemographicsDto, description: 'Sessions in the period.' })
  demographics!: DemographicsDto;

  @ApiProperty({ type: [DailyFiguresDto], description: 'Every day of the period, oldest first.' })
  daily!: DailyFiguresDto[];

  @ApiProperty({ type: [InsightDto] })
  insights!: InsightDto[];

  @ApiNullableTimestamp({ description: 'When the newest figure was recomputed.' })
  computedAt!: string | null;
}
