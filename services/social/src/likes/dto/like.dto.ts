import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '@kinora/common';

/** A published film's number of likes (public). */
export class FilmLikeCountDto {
  @ApiInteger()
  filmId!: number;

  @ApiInteger({ minimum: 0, description: "The film's number of likes." })
  likeCount!: number;
}

/** A film's like state for the caller after a like or unlike, with the film's like count. */
export class FilmLikeDto extends FilmLikeCountDto {
  @ApiProperty({ description: 'Whether the caller likes the film now.' })
  liked!: boolean;
}

/** The films the member likes (published ones), newest like first: fetched once for every card. */
export class LikedFilmsDto {
  @ApiInteger({ isArray: true })
  filmIds!: number[];
}
