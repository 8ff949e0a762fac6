import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { AiDisclosureDto, ApiInteger, ApiNullableString, ApiTimestamp, PageQuery } from '@kinora/common';
import { MemberContactDto } from './member-contact.dto';

/** limit (default 20) and offset. */
export class PendingFilmsQuery extends PageQuery {}

export class PendingFilmUserDto extends MemberContactDto {
  @ApiNullableString()
  profileImageUrl!: string | null;
}

export class PendingFilmCreatorDto {
  @ApiInteger({ nullable: true })
  id!: number | null;

  @ApiNullableString()
  userId!: string | null;

  @ApiProperty({ type: PendingFilmUserDto, nullable: true })
  user!: PendingFilmUserDto | null;
}

/** A film waiting for review, with what the moderator needs to decide. */
@ApiExtraModels(AiDisclosureDto)
export class PendingFilmDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty()
  genre!: string;

  @ApiProperty()
  language!: string;

  @ApiInteger({ description: 'Minutes.' })
  duration!: number;

  @ApiInteger({ nullable: true })
  releaseYear!: number | null;

  @ApiNullableString()
  posterUrl!: string | null;

  @ApiProperty({ description: 'The HLS master playlist (the preview player plays it).' })
  videoUrl!: string;

  @ApiProperty({ enum: ['pending'] })
  status!: 'pending';

  @ApiTimestamp({ description: 'When the creator submitted the film.' })
  createdAt!: string;

  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(AiDisclosureDto) }, { type: 'null' }],
    description: 'How generative AI was used; null when the creator has not said.',
  })
  aiDisclosure!: AiDisclosureDto | null;

  @ApiProperty({ type: PendingFilmCreatorDto })
  creator!: PendingFilmCreatorDto;
}
