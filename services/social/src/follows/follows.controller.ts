import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, type Identity } from '@kinora/common';
import { FollowedCreatorsDto, FollowResultDto, FollowStatusDto } from './dto/follow.dto';
import { FollowsService } from './follows.service';
import { MemberRoute } from '../member-route';

/** Follows of creators, under both paths the SPA calls (the creator cards and the creator page). */
@ApiTags('follows')
@Controller('api')
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @MemberRoute(
    Post('creators/:id/follow'),
    'Follow a creator (following twice is one follow; never yourself)',
    FollowResultDto,
  )
  followCreator(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, true);
  }

  @MemberRoute(Post('creators/:id/unfollow'), 'Unfollow a creator (a no-op if not followed)', FollowResultDto)
  unfollowCreator(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, false);
  }

  @MemberRoute(
    Post('follow/:id'),
    'Follow a creator, by creator id (as POST /api/creators/{id}/follow)',
    FollowResultDto,
  )
  follow(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, true);
  }

  @MemberRoute(
    Delete('follow/:id'),
    'Unfollow a creator, by creator id (as POST /api/creators/{id}/unfollow)',
    FollowResultDto,
  )
  unfollow(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowResultDto> {
    return this.follows.set(id, caller.userId, false);
  }

  @MemberRoute(Get('follow/:id/status'), 'Whether the signed-in member follows the creator', FollowStatusDto)
  status(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<FollowStatusDto> {
    return this.follows.status(id, caller.userId);
  }

  @MemberRoute(
    Get('user/follows'),
    'The creators the signed-in member follows, newest follow first',
    FollowedCreatorsDto,
    [401],
  )
  followed(@CurrentIdentity() caller: Identity): Promise<FollowedCreatorsDto> {
    return this.follows.followed(caller.userId);
  }
}
