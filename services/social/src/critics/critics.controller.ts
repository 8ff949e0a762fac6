import { Body, Controller, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, Responds, Roles, type Identity } from '@kinora/common';
import { CriticRecommendationDto } from '../critic-reviews/dto/critic-review.dto';
import { CriticFollowsService } from './critic-follows.service';
import { CriticsService } from './critics.service';
import { CriticFollowResultDto, CriticFollowStatusDto, FollowedCriticsDto } from './dto/critic-follow.dto';
import { CriticDto, CriticProfileDto, ListCriticsQuery, VerifyCriticDto } from './dto/critic.dto';
import { CriticDashboardDto } from './dto/dashboard.dto';
import { MemberRoute } from '../member-route';

@ApiTags('critics')
@Controller('api/critics')
export class CriticsController {
  constructor(
    private readonly critics: CriticsService,
    private readonly follows: CriticFollowsService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Critics, verified first, then by followers (GET /api/creators?type=critic lands here too)',
  })
  @Responds({ ok: [CriticDto], errors: [400] })
  list(@Query() query: ListCriticsQuery): Promise<CriticDto[]> {
    return this.critics.list(query);
  }

  @Get('dashboard')
  @Roles('critic')
  @ApiOperation({ summary: "The signed-in critic's figures, impact score and recent reviews" })
  @Responds({ ok: CriticDashboardDto, errors: [401, 403] })
  dashboard(@CurrentIdentity() caller: Identity): Promise<CriticDashboardDto> {
    return this.critics.dashboard(caller.userId);
  }

  @MemberRoute(Get('following'), 'The critics the signed-in member follows', FollowedCriticsDto, [401])
  following(@CurrentIdentity() caller: Identity): Promise<FollowedCriticsDto> {
    return this.follows.following(caller.userId);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One critic with their newest reviews' })
  @Responds({ ok: CriticProfileDto, errors: [400, 404] })
  get(@IdParam() id: number): Promise<CriticProfileDto> {
    return this.critics.get(id);
  }

  @Patch(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Verify a critic, or take the verification back (admin only)' })
  @Responds({ ok: CriticDto, errors: [400, 401, 403, 404] })
  verify(@IdParam() id: number, @Body() body: VerifyCriticDto): Promise<CriticDto> {
    return this.critics.setVerified(id, body.isVerified);
  }

  @Get(':id/recommendations')
  @ApiOperation({ summary: "The published films the critic rated highest, with the critic's rating" })
  @Responds({ ok: [CriticRecommendationDto], errors: [400, 404] })
  recommendations(@IdParam() id: number): Promise<CriticRecommendationDto[]> {
    return this.critics.recommendations(id);
  }

  @MemberRoute(
    Post(':id/follow'),
    'Follow a critic (following twice is one follow; never yourself)',
    CriticFollowResultDto,
  )
  follow(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<CriticFollowResultDto> {
    return this.follows.set(id, caller.userId, true);
  }

  @MemberRoute(Post(':id/unfollow'), 'Unfollow a critic (a no-op if not followed)', CriticFollowResultDto)
  unfollow(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<CriticFollowResultDto> {
    return this.follows.set(id, caller.userId, false);
  }

  @MemberRoute(
    Get(':id/follow-status'),
    'Whether the signed-in member follows the critic',
    CriticFollowStatusDto,
  )
  status(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<CriticFollowStatusDto> {
    return this.follows.status(id, caller.userId);
  }
}
