import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorResponses,
  Authenticated,
  CurrentIdentity,
  ID_PARAM,
  ParseIdPipe,
  type Identity,
} from '@kinora/common';
import { FilmLikeCountDto, FilmLikeDto, LikedFilmsDto } from './dto/like.dto';
import { LikesService } from './likes.service';

@ApiTags('likes')
@Controller('api')
export class LikesController {
  constructor(private readonly likes: LikesService) {}

  @Post('films/:id/like')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Like a published film (liking twice is one like)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FilmLikeDto })
  @ApiErrorResponses(400, 401, 404)
  like(@Param('id', ParseIdPipe) filmId: number, @CurrentIdentity() caller: Identity): Promise<FilmLikeDto> {
    return this.likes.set(filmId, caller.userId, true);
  }

  @Post('films/:id/unlike')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Take back a like of a published film (a no-op if not liked)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FilmLikeDto })
  @ApiErrorResponses(400, 401, 404)
  unlike(
    @Param('id', ParseIdPipe) filmId: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<FilmLikeDto> {
    return this.likes.set(filmId, caller.userId, false);
  }

  @Get('films/:id/likes')
  @ApiOperation({ summary: "A published film's number of likes (public)" })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FilmLikeCountDto })
  @ApiErrorResponses(400, 404)
  count(@Param('id', ParseIdPipe) filmId: number): Promise<FilmLikeCountDto> {
    return this.likes.count(filmId);
  }

  @Get('user/likes')
  @Authenticated()
  @ApiOperation({ summary: "The signed-in member's liked films (published), newest like first" })
  @ApiOkResponse({ type: LikedFilmsDto })
  @ApiErrorResponses(401)
  liked(@CurrentIdentity() caller: Identity): Promise<LikedFilmsDto> {
    return this.likes.likedFilms(caller.userId);
  }
}
