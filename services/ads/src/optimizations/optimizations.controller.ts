import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, Roles } from '@kinora/common';
import { OptimizationDto, OptimizationsQuery } from './dto/optimization.dto';
import { OptimizationsService } from './optimizations.service';

@ApiTags('ads')
@Controller('api/ads/optimizations')
@Roles('admin')
export class OptimizationsController {
  constructor(private readonly optimizations: OptimizationsService) {}

  @Get()
  @ApiOperation({ summary: 'Recent optimizations: what pacing and caps did, newest first (admins)' })
  @ApiOkResponse({ type: [OptimizationDto] })
  @ApiErrorResponses(400, 401, 403)
  list(@Query() query: OptimizationsQuery): Promise<OptimizationDto[]> {
    return this.optimizations.recent(query.limit);
  }
}
