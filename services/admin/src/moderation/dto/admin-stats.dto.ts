import { ApiProperty } from '@nestjs/swagger';

/** The admin dashboard's counters. */
export class AdminStatsDto {
  @ApiProperty({ type: 'integer', description: 'Films waiting for review.' })
  pendingReviews!: number;
}
