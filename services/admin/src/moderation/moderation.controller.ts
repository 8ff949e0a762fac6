import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, Roles } from '@kinora/common';
import { AdminStatsDto } from './dto/admin-stats.dto';
import { ModerationService } from './moderation.service';

@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Get('stats')
  @ApiOperation({ summary: 'Admin dashboard counters' })
  @ApiOkResponse({ type: AdminStatsDto })
  @ApiErrorResponses(401, 403)
  stats(): Promise<AdminStatsDto> {
    return this.moderation.stats();
  }
}
