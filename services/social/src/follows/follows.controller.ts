import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorResponses,
  Authenticated,
  CurrentIdentity,
  ID_PARAM,
  ParseIdPipe,
  type Identity,
} from '@kinora/common';
import { FollowedCreatorsDto, FollowResultDto, FollowStatusDto } from './dto/follow.dto';
import { FollowsService } from './follows.service';

/** Follows of creators, under both paths the SPA calls (the creator cards and the creator page). */
@ApiTags('follows')
@Controller('api')
@Authenticated()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Post('creators/:id/follow')
  @HttpCode(200)
  @ApiOperation({ summary: 'Follow a creator (following twice is one follow; never yourself)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FollowResultDto })
  @ApiErrorResponses(400, 401, 404)
  followCreator(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, true);
  }

  @Post('creators/:id/unfollow')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unfollow a creator (a no-op if not followed)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FollowResultDto })
  @ApiErrorResponses(400, 401, 404)
  unfollowCreator(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, false);
  }

  @Post('follow/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Follow a creator, by creator id (as POST /api/creators/{id}/follow)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FollowResultDto })
  @ApiErrorResponses(400, 401, 404)
  follow(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, true);
  }

  @Delete('follow/:id')
  @ApiOperation({ summary: 'Unfollow a creator, by creator id (as POST /api/creators/{id}/unfollow)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FollowResultDto })
  @ApiErrorResponses(400, 401, 404)
  unfollow(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, false);
  }

  @Get('follow/:id/status')
  @ApiOperation({ summary: 'Whether the signed-in member follows the creator' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: FollowStatusDto })
  @ApiErrorResponses(400, 401, 404)
  status(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<FollowStatusDto> {
    return this.follows.status(id, caller.userId);
  }

  @Get('user/follows')
  @ApiOperation({ summary: 'The creators the signed-in member follows, newest follow first' })
  @ApiOkResponse({ type: FollowedCreatorsDto })
  @ApiErrorResponses(401)
  followed(@CurrentIdentity() caller: Identity): Promise<FollowedCreatorsDto> {
    return this.follows.followed(caller.userId);
  }
}
