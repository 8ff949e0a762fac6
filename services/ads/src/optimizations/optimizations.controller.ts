import { Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Responds } from '@kinora/common';
import { OptimizationDto, OptimizationsQuery } from './dto/optimization.dto';
import { OptimizationsService } from './optimizations.service';
import { AdsAdminController } from '../admin-controller';

@AdsAdminController('api/ads/optimizations')
export class OptimizationsController {
  constructor(private readonly optimizations: OptimizationsService) {}

  @Get()
  @ApiOperation({ summary: 'Recent optimizations: what pacing and caps did, newest first (admins)' })
  @Responds({ ok: [OptimizationDto], errors: [400, 401, 403] })
  list(@Query() query: OptimizationsQuery): Promise<OptimizationDto[]> {
    return this.optimizations.recent(query.limit);
  }
}
