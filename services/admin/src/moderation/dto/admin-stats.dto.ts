import { ApiProperty } from '@nestjs/swagger';

/** The admin dashboard's counters. */
export class AdminStatsDto {
  @ApiProperty({ type: 'integer', description: 'Films waiting for review (playable, undecided).' })
  pendingReviews!: number;

  @ApiProperty({ type: 'integer', description: 'Reports not yet resolved or dismissed.' })
  openReports!: number;
}
