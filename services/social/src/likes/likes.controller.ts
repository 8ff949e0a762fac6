import { Controller, Get, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import { FilmLikeCountDto, FilmLikeDto, LikedFilmsDto } from './dto/like.dto';
import { LikesService } from './likes.service';
import { MemberRoute } from '../member-route';

@ApiTags('likes')
@Controller('api')
export class LikesController {
  constructor(private readonly likes: LikesService) {}

  @MemberRoute(Post('films/:id/like'), 'Like a published film (liking twice is one like)', FilmLikeDto)
  like(@IdParam() filmId: number, @CurrentIdentity() caller: Identity): Promise<FilmLikeDto> {
    return this.likes.set(filmId, caller.userId, true);
  }

  @MemberRoute(
    Post('films/:id/unlike'),
    'Take back a like of a published film (a no-op if not liked)',
    FilmLikeDto,
  )
  unlike(@IdParam() filmId: number, @CurrentIdentity() caller: Identity): Promise<FilmLikeDto> {
    return this.likes.set(filmId, caller.userId, false);
  }

  @Get('films/:id/likes')
  @ApiOperation({ summary: "A published film's number of likes (public)" })
  @Responds({ ok: FilmLikeCountDto, errors: [400, 404] })
  count(@IdParam() filmId: number): Promise<FilmLikeCountDto> {
    return this.likes.count(filmId);
  }

  @MemberRoute(
    Get('user/likes'),
    "The signed-in member's liked films (published), newest like first",
    LikedFilmsDto,
    [401],
  )
  liked(@CurrentIdentity() caller: Identity): Promise<LikedFilmsDto> {
    return this.likes.likedFilms(caller.userId);
  }
}
