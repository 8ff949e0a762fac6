import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString } from '@kinora/common';
import { MEDIA_STATUSES, type MediaStatus } from '@kinora/contracts';
import { FilmDto } from '../../films/dto/film.dto';

/** Where the film's video is in the media pipeline. */
export class StudioMediaDto {
  @ApiProperty({ enum: MEDIA_STATUSES, enumName: 'MediaStatus' })
  status!: MediaStatus;

  @ApiInteger({ minimum: 0, maximum: 100, description: 'Transcoding progress, percent.' })
  progress!: number;

  @ApiNullableString({ description: 'Why the video could not be processed.' })
  failureReason!: string | null;
}

/** A film as its creator sees it in the studio: the public fields plus its processing and review state. */
export class StudioFilmDto extends FilmDto {
  @ApiProperty({ type: StudioMediaDto })
  media!: StudioMediaDto;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: "The reviewer's reason, when the film was archived.",
  })
  moderationReason!: string | null;
}
