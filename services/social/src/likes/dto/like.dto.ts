import { ApiProperty } from '@nestjs/swagger';

/** A film's like state for the caller after a like or unlike, with the film's like count. */
export class FilmLikeDto {
  @ApiProperty({ type: 'integer' })
  filmId!: number;

  @ApiProperty({ description: 'Whether the caller likes the film now.' })
  liked!: boolean;

  @ApiProperty({ type: 'integer', minimum: 0, description: "The film's number of likes." })
  likeCount!: number;
}

/** The films the member likes (published ones), newest like first: fetched once for every card. */
export class LikedFilmsDto {
  @ApiProperty({ type: 'integer', isArray: true })
  filmIds!: number[];
}
