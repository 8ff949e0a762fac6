import { Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, Responds, type Identity } from '@kinora/common';
import { WATCH_HISTORY_DEFAULT_LIMIT } from '@kinora/contracts';
import { WatchHistoryEntryDto, WatchHistoryQuery } from './dto/watch-history.dto';
import { WatchHistoryService } from './watch-history.service';

@ApiTags('analytics')
@Controller('api/analytics/history')
@Authenticated()
export class WatchHistoryController {
  constructor(private readonly history: WatchHistoryService) {}

  @Get()
  @ApiOperation({ summary: 'The films the member watched, most recent first' })
  @Responds({ ok: [WatchHistoryEntryDto], errors: [400, 401] })
  list(
    @Query() query: WatchHistoryQuery,
    @CurrentIdentity() viewer: Identity,
  ): Promise<WatchHistoryEntryDto[]> {
    return this.history.list(viewer.userId, query.limit ?? WATCH_HISTORY_DEFAULT_LIMIT, query.offset ?? 0);
  }

  @Delete()
  @ApiOperation({
    summary: 'Clear the watch history: it lists nothing watched until now, and Continue Watching empties',
  })
  @Responds({ noContent: {}, errors: [401] })
  async clear(@CurrentIdentity() viewer: Identity): Promise<void> {
    await this.history.clear(viewer.userId);
  }
}
