import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorResponses,
  Authenticated,
  CurrentIdentity,
  ID_PARAM,
  ParseIdPipe,
  Roles,
  type Identity,
} from '@kinora/common';
import { CriticRecommendationDto } from '../critic-reviews/dto/critic-review.dto';
import { CriticFollowsService } from './critic-follows.service';
import { CriticsService } from './critics.service';
import { CriticFollowResultDto, CriticFollowStatusDto, FollowedCriticsDto } from './dto/critic-follow.dto';
import { CriticDto, CriticProfileDto, ListCriticsQuery, VerifyCriticDto } from './dto/critic.dto';
import { CriticDashboardDto } from './dto/dashboard.dto';

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
  @ApiOkResponse({ type: [CriticDto] })
  @ApiErrorResponses(400)
  list(@Query() query: ListCriticsQuery): Promise<CriticDto[]> {
    return this.critics.list(query);
  }

  @Get('dashboard')
  @Roles('critic')
  @ApiOperation({ summary: "The signed-in critic's figures, impact score and recent reviews" })
  @ApiOkResponse({ type: CriticDashboardDto })
  @ApiErrorResponses(401, 403)
  dashboard(@CurrentIdentity() caller: Identity): Promise<CriticDashboardDto> {
    return this.critics.dashboard(caller.userId);
  }

  @Get('following')
  @Authenticated()
  @ApiOperation({ summary: 'The critics the signed-in member follows' })
  @ApiOkResponse({ type: FollowedCriticsDto })
  @ApiErrorResponses(401)
  following(@CurrentIdentity() caller: Identity): Promise<FollowedCriticsDto> {
    return this.follows.following(caller.userId);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One critic with their newest reviews' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CriticProfileDto })
  @ApiErrorResponses(400, 404)
  get(@Param('id', ParseIdPipe) id: number): Promise<CriticProfileDto> {
    return this.critics.get(id);
  }

  @Patch(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Verify a critic, or take the verification back (admin only)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CriticDto })
  @ApiErrorResponses(400, 401, 403, 404)
  verify(@Param('id', ParseIdPipe) id: number, @Body() body: VerifyCriticDto): Promise<CriticDto> {
    return this.critics.setVerified(id, body.isVerified);
  }

  @Get(':id/recommendations')
  @ApiOperation({ summary: "The published films the critic rated highest, with the critic's rating" })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: [CriticRecommendationDto] })
  @ApiErrorResponses(400, 404)
  recommendations(@Param('id', ParseIdPipe) id: number): Promise<CriticRecommendationDto[]> {
    return this.critics.recommendations(id);
  }

  @Post(':id/follow')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Follow a critic (following twice is one follow; never yourself)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CriticFollowResultDto })
  @ApiErrorResponses(400, 401, 404)
  follow(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<CriticFollowResultDto> {
    return this.follows.set(id, caller.userId, true);
  }

  @Post(':id/unfollow')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Unfollow a critic (a no-op if not followed)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CriticFollowResultDto })
  @ApiErrorResponses(400, 401, 404)
  unfollow(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<CriticFollowResultDto> {
    return this.follows.set(id, caller.userId, false);
  }

  @Get(':id/follow-status')
  @Authenticated()
  @ApiOperation({ summary: 'Whether the signed-in member follows the critic' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: CriticFollowStatusDto })
  @ApiErrorResponses(400, 401, 404)
  status(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<CriticFollowStatusDto> {
    return this.follows.status(id, caller.userId);
  }
}
