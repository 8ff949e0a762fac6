import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, Responds, Roles, type Identity } from '@kinora/common';
import { ANALYTICS_DEFAULT_RANGE_DAYS } from '@kinora/contracts';
import { CreatorAccess } from '../creators/creator-access';
import { CreatorAnalyticsService } from './creator-analytics.service';
import { AnalyticsRangeQuery } from './dto/analytics-range.query';
import { CreatorAnalyticsDto } from './dto/creator-analytics.dto';
import { PlatformAnalyticsDto } from './dto/platform-analytics.dto';
import { PlatformAnalyticsService } from './platform-analytics.service';

@ApiTags('analytics')
@Controller('api/analytics')
export class DashboardsController {
  constructor(
    private readonly access: CreatorAccess,
    private readonly creators: CreatorAnalyticsService,
    private readonly platform: PlatformAnalyticsService,
  ) {}

  @Get('creator/:id')
  @Authenticated()
  @ApiOperation({ summary: "A creator's figures: for that creator and admins only" })
  @Responds({ ok: CreatorAnalyticsDto, errors: [400, 401, 403, 404] })
  async creator(
    @IdParam() id: number,
    @Query() query: AnalyticsRangeQuery,
    @CurrentIdentity() viewer: Identity,
  ): Promise<CreatorAnalyticsDto> {
    await this.access.assertVisibleTo(id, viewer);
    return this.creators.figures(id, query.days ?? ANALYTICS_DEFAULT_RANGE_DAYS);
  }

  @Get('admin')
  @Roles('admin')
  @ApiOperation({ summary: 'Platform figures, costs, growth and advertising: admins only' })
  @Responds({ ok: PlatformAnalyticsDto, errors: [400, 401, 403] })
  admin(@Query() query: AnalyticsRangeQuery): Promise<PlatformAnalyticsDto> {
    return this.platform.figures(query.days ?? ANALYTICS_DEFAULT_RANGE_DAYS);
  }
}
