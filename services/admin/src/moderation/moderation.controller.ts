import { Controller, Get } from '@nestjs/common';
import { Roles } from '@kinora/common';
import { ModerationService, type AdminStatsDto } from './moderation.service';

@Controller('api/admin')
@Roles('admin')
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Get('stats')
  stats(): Promise<AdminStatsDto> {
    return this.moderation.stats();
  }
}
