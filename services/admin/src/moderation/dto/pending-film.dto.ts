import { ApiProperty } from '@nestjs/swagger';
import { PageQuery } from '@kinora/common';

/** limit (default 20) and offset. */
export class PendingFilmsQuery extends PageQuery {}

/** What the creator declared about generative tools behind the film. */
export class AiDisclosureDto {
  @ApiProperty({ type: [String] })
  tools!: string[];

  @ApiProperty({ type: [String], description: 'visuals, sound, voice, script' })
  parts!: string[];

  @ApiProperty()
  realLikeness!: boolean;

  @ApiProperty()
  likenessConsent!: boolean;

  @ApiProperty({ type: 'string', nullable: true })
  notes!: string | null;
}

export class PendingFilmUserDto {
  @ApiProperty()
  id!: string;

  @ApiProperty({ type: 'string', nullable: true })
  firstName!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  lastName!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'null while the account is unknown to admin.' })
  email!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  profileImageUrl!: string | null;
}

export class PendingFilmCreatorDto {
  @ApiProperty({ type: 'integer', nullable: true })
  id!: number | null;

  @ApiProperty({ type: 'string', nullable: true })
  userId!: string | null;

  @ApiProperty({ type: PendingFilmUserDto, nullable: true })
  user!: PendingFilmUserDto | null;
}

/** A film waiting for review, with what the moderator needs to decide. */
export class PendingFilmDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty()
  genre!: string;

  @ApiProperty()
  language!: string;

  @ApiProperty({ type: 'integer', description: 'Minutes.' })
  duration!: number;

  @ApiProperty({ type: 'integer', nullable: true })
  releaseYear!: number | null;

  @ApiProperty({ type: 'string', nullable: true })
  posterUrl!: string | null;

  @ApiProperty({ description: 'The HLS master playlist (the preview player plays it).' })
  videoUrl!: string;

  @ApiProperty({ enum: ['pending'] })
  status!: 'pending';

  @ApiProperty({ format: 'date-time', description: 'When the creator submitted the film.' })
  createdAt!: string;

  @ApiProperty({ type: AiDisclosureDto, nullable: true })
  aiDisclosure!: AiDisclosureDto | null;

  @ApiProperty({ type: PendingFilmCreatorDto })
  creator!: PendingFilmCreatorDto;
}
