import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Responds, Roles } from '@kinora/common';
import { OptimizationDto, OptimizationsQuery } from './dto/optimization.dto';
import { OptimizationsService } from './optimizations.service';

@ApiTags('ads')
@Controller('api/ads/optimizations')
@Roles('admin')
export class OptimizationsController {
  constructor(private readonly optimizations: OptimizationsService) {}

  @Get()
  @ApiOperation({ summary: 'Recent optimizations: what pacing and caps did, newest first (admins)' })
  @Responds({ ok: [OptimizationDto], errors: [400, 401, 403] })
  list(@Query() query: OptimizationsQuery): Promise<OptimizationDto[]> {
    return this.optimizations.recent(query.limit);
  }
}
