import { ApiInteger, ApiNullableString } from '@kinora/common';

/** A film as social's films read model knows it (fields it does not know are null). */
export class FilmSummaryDto {
  @ApiInteger()
  id!: number;

  @ApiNullableString()
  title!: string | null;

  @ApiNullableString()
  genre!: string | null;

  @ApiInteger({ nullable: true })
  durationMinutes!: number | null;

  @ApiNullableString()
  posterUrl!: string | null;

  @ApiInteger({ nullable: true })
  creatorId!: number | null;
}
