import { Controller, Get, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import { FilmLikeCountDto, FilmLikeDto, LikedFilmsDto } from './dto/like.dto';
import { LikesService } from './likes.service';

@ApiTags('likes')
@Controller('api')
export class LikesController {
  constructor(private readonly likes: LikesService) {}

  @Post('films/:id/like')
  @Authenticated()
  @ApiOperation({ summary: 'Like a published film (liking twice is one like)' })
  @Responds({ ok: FilmLikeDto, errors: [400, 401, 404] })
  like(@IdParam() filmId: number, @CurrentIdentity() caller: Identity): Promise<FilmLikeDto> {
    return this.likes.set(filmId, caller.userId, true);
  }

  @Post('films/:id/unlike')
  @Authenticated()
  @ApiOperation({ summary: 'Take back a like of a published film (a no-op if not liked)' })
  @Responds({ ok: FilmLikeDto, errors: [400, 401, 404] })
  unlike(@IdParam() filmId: number, @CurrentIdentity() caller: Identity): Promise<FilmLikeDto> {
    return this.likes.set(filmId, caller.userId, false);
  }

  @Get('films/:id/likes')
  @ApiOperation({ summary: "A published film's number of likes (public)" })
  @Responds({ ok: FilmLikeCountDto, errors: [400, 404] })
  count(@IdParam() filmId: number): Promise<FilmLikeCountDto> {
    return this.likes.count(filmId);
  }

  @Get('user/likes')
  @Authenticated()
  @ApiOperation({ summary: "The signed-in member's liked films (published), newest like first" })
  @Responds({ ok: LikedFilmsDto, errors: [401] })
  liked(@CurrentIdentity() caller: Identity): Promise<LikedFilmsDto> {
    return this.likes.likedFilms(caller.userId);
  }
}
