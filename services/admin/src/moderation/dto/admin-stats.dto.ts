import { ApiInteger } from '@kinora/common';

/** The admin dashboard's counters. */
export class AdminStatsDto {
  @ApiInteger({ description: 'Films waiting for review (playable, undecided).' })
  pendingReviews!: number;

  @ApiInteger({ description: 'Reports not yet resolved or dismissed.' })
  openReports!: number;
}
