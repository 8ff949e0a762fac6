import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, Responds, type Identity } from '@kinora/common';
import { AnalyticsExportDto } from './dto/history-export.dto';
import { WatchHistoryService } from './watch-history.service';

@ApiTags('your data')
@Controller('api/user/export')
@Authenticated()
export class HistoryExportController {
  constructor(private readonly history: WatchHistoryService) {}

  @Get('analytics')
  @ApiOperation({ summary: "The signed-in member's viewing history, every session, for their data archive" })
  @Responds({ ok: AnalyticsExportDto, errors: [401] })
  export(@CurrentIdentity() viewer: Identity): Promise<AnalyticsExportDto> {
    return this.history.export(viewer.userId);
  }
}
