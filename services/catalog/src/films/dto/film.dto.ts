import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import {
  AiDisclosureDto,
  ApiInteger,
  ApiNullableString,
  ApiNullableTimestamp,
  ApiTimestamp,
} from '@kinora/common';
import { FILM_STATUSES, GENRES, LANGUAGES, type FilmStatus } from '@kinora/contracts';

/** The creator's user as films and creators show it (from the users read model). */
export class CreatorUserDto {
  @ApiNullableString()
  firstName!: string | null;

  @ApiNullableString()
  lastName!: string | null;

  @ApiNullableString()
  profileImageUrl!: string | null;
}

/** What every form of a creator starts with: the creator, their user and the bio. */
export class CreatorBasicsDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  userId!: string;

  @ApiProperty()
  bio!: string;
}

/** The creator embedded in a film. */
export class CreatorSummaryDto extends CreatorBasicsDto {
  @ApiProperty()
  isVerified!: boolean;

  @ApiInteger()
  followerCount!: number;

  @ApiProperty({ type: CreatorUserDto })
  user!: CreatorUserDto;
}

/** A caption track of a film (served as an HLS subtitle track). */
export class FilmCaptionDto {
  @ApiProperty({ example: 'en', description: 'Language tag, e.g. "en", "pt-BR".' })
  language!: string;

  @ApiProperty({ example: 'English' })
  label!: string;
}

/** A copy of the film's poster in another format and size, for a client's `srcset`. */
export class PosterSourceDto {
  @ApiProperty({ example: '/media/films/7/poster-240.webp' })
  url!: string;

  @ApiInteger({ example: 240, description: 'Pixels.' })
  width!: number;

  @ApiInteger({ example: 360, description: 'Pixels (2:3, like the poster).' })
  height!: number;

  @ApiProperty({ example: 'image/webp', description: 'The media type, for a <source type>.' })
  type!: string;
}

/** A film as the API returns it; field rules in docs/catalog.md. */
@ApiExtraModels(AiDisclosureDto)
export class FilmDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ example: 'Drama', description: `The demo catalog's genres: ${GENRES.join(', ')}.` })
  genre!: string;

  @ApiProperty({ example: 'English', description: `The languages offered: ${LANGUAGES.join(', ')}.` })
  language!: string;

  @ApiInteger({ description: 'Minutes.' })
  duration!: number;

  @ApiInteger()
  releaseYear!: number;

  @ApiProperty({
    description: 'Mean review rating out of 10, one decimal, as a string ("8.4").',
    example: '8.4',
  })
  rating!: string;

  @ApiInteger({ description: 'How many member reviews the rating is the mean of.' })
  reviewCount!: number;

  @ApiInteger()
  viewCount!: number;

  @ApiNullableString({ description: 'The poster, a JPEG: the fallback of posterSources.' })
  posterUrl!: string | null;

  @ApiProperty({
    type: [PosterSourceDto],
    description:
      'The poster in WebP at several widths, narrowest first; empty when the film has none (posterUrl alone).',
  })
  posterSources!: PosterSourceDto[];

  @ApiNullableString({ description: 'The HLS master playlist, once transcoded.' })
  videoUrl!: string | null;

  @ApiProperty()
  isFeatured!: boolean;

  @ApiProperty({ enum: FILM_STATUSES, enumName: 'FilmStatus' })
  status!: FilmStatus;

  @ApiTimestamp()
  createdAt!: string;

  @ApiNullableTimestamp()
  publishedAt!: string | null;

  @ApiProperty({ type: CreatorSummaryDto })
  creator!: CreatorSummaryDto;

  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(AiDisclosureDto) }, { type: 'null' }],
    description: 'How generative AI was used; null when the creator has not said.',
  })
  aiDisclosure!: AiDisclosureDto | null;

  @ApiProperty({ type: [FilmCaptionDto] })
  captions!: FilmCaptionDto[];
}

export class TrendingFilmDto extends FilmDto {
  @ApiInteger({ description: 'Counted views in the trending window (7 days).' })
  recentViews!: number;
}

/** The answer to Play: the film's view count (views come from viewing sessions, docs/catalog.md). */
export class FilmViewDto {
  @ApiProperty({ description: 'Always false: a Play press is not a view; a qualified viewing session is.' })
  counted!: boolean;

  @ApiInteger()
  viewCount!: number;
}
