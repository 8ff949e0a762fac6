import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, Responds, Roles, type Identity } from '@kinora/common';
import { AdminStatsDto } from './dto/admin-stats.dto';
import { DecideFilmDto, FilmDecisionDto } from './dto/film-decision.dto';
import { PendingFilmDto, PendingFilmsQuery } from './dto/pending-film.dto';
import { ModerationService } from './moderation.service';

@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Get('stats')
  @ApiOperation({ summary: 'Admin dashboard counters' })
  @Responds({ ok: AdminStatsDto, errors: [401, 403] })
  stats(): Promise<AdminStatsDto> {
    return this.moderation.stats();
  }

  @Get('films/pending')
  @ApiOperation({ summary: 'Films waiting for review (playable, undecided), oldest submitted first' })
  @Responds({ ok: [PendingFilmDto], errors: [400, 401, 403] })
  pending(@Query() query: PendingFilmsQuery): Promise<PendingFilmDto[]> {
    return this.moderation.pending(query);
  }

  @Patch('films/:filmId/status')
  @ApiOperation({ summary: 'Approve (published) or reject (archived, with a reason) a pending film' })
  @Responds({ ok: FilmDecisionDto, errors: [400, 401, 403, 404, 409] })
  decide(
    @IdParam('filmId') filmId: number,
    @Body() body: DecideFilmDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<FilmDecisionDto> {
    return this.moderation.decide(filmId, body, caller.userId);
  }
}
