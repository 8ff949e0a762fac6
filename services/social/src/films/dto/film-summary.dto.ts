import { ApiProperty } from '@nestjs/swagger';

/** A film as social's films read model knows it (fields it does not know are null). */
export class FilmSummaryDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'string', nullable: true })
  title!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  genre!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  durationMinutes!: number | null;

  @ApiProperty({ type: 'string', nullable: true })
  posterUrl!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  creatorId!: number | null;
}
