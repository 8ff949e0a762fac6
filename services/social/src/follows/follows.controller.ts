import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import { FollowedCreatorsDto, FollowResultDto, FollowStatusDto } from './dto/follow.dto';
import { FollowsService } from './follows.service';

/** Follows of creators, under both paths the SPA calls (the creator cards and the creator page). */
@ApiTags('follows')
@Controller('api')
@Authenticated()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Post('creators/:id/follow')
  @ApiOperation({ summary: 'Follow a creator (following twice is one follow; never yourself)' })
  @Responds({ ok: FollowResultDto, errors: [400, 401, 404] })
  followCreator(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, true);
  }

  @Post('creators/:id/unfollow')
  @ApiOperation({ summary: 'Unfollow a creator (a no-op if not followed)' })
  @Responds({ ok: FollowResultDto, errors: [400, 401, 404] })
  unfollowCreator(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, false);
  }

  @Post('follow/:id')
  @ApiOperation({ summary: 'Follow a creator, by creator id (as POST /api/creators/{id}/follow)' })
  @Responds({ ok: FollowResultDto, errors: [400, 401, 404] })
  follow(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, true);
  }

  @Delete('follow/:id')
  @ApiOperation({ summary: 'Unfollow a creator, by creator id (as POST /api/creators/{id}/unfollow)' })
  @Responds({ ok: FollowResultDto, errors: [400, 401, 404] })
  unfollow(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, false);
  }

  @Get('follow/:id/status')
  @ApiOperation({ summary: 'Whether the signed-in member follows the creator' })
  @Responds({ ok: FollowStatusDto, errors: [400, 401, 404] })
  status(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowStatusDto> {
    return this.follows.status(id, caller.userId);
  }

  @Get('user/follows')
  @ApiOperation({ summary: 'The creators the signed-in member follows, newest follow first' })
  @Responds({ ok: FollowedCreatorsDto, errors: [401] })
  followed(@CurrentIdentity() caller: Identity): Promise<FollowedCreatorsDto> {
    return this.follows.followed(caller.userId);
  }
}
