import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Injectable,
  Param,
  Patch,
  Query,
  type PipeTransform,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorResponses,
  CurrentIdentity,
  ID_PARAM,
  ParseIdPipe,
  Roles,
  type Identity,
} from '@kinora/common';
import { AdminStatsDto } from './dto/admin-stats.dto';
import { DecideFilmDto, FilmDecisionDto } from './dto/film-decision.dto';
import { PendingFilmDto, PendingFilmsQuery } from './dto/pending-film.dto';
import { ModerationService } from './moderation.service';

/** The film id in the path, validated like other ids but named in the message. */
@Injectable()
class ParseFilmIdPipe implements PipeTransform<string, number> {
  private readonly ids = new ParseIdPipe();

  transform(value: string): number {
    try {
      return this.ids.transform(value);
    } catch {
      throw new BadRequestException('filmId must be a positive integer');
    }
  }
}

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

  @Get('films/pending')
  @ApiOperation({ summary: 'Films waiting for review (playable, undecided), oldest submitted first' })
  @ApiOkResponse({ type: [PendingFilmDto] })
  @ApiErrorResponses(400, 401, 403)
  pending(@Query() query: PendingFilmsQuery): Promise<PendingFilmDto[]> {
    return this.moderation.pending(query);
  }

  @Patch('films/:filmId/status')
  @ApiOperation({ summary: 'Approve (published) or reject (archived, with a reason) a pending film' })
  @ApiParam({ ...ID_PARAM, name: 'filmId' })
  @ApiOkResponse({ type: FilmDecisionDto })
  @ApiErrorResponses(400, 401, 403, 404, 409)
  decide(
    @Param('filmId', ParseFilmIdPipe) filmId: number,
    @Body() body: DecideFilmDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<FilmDecisionDto> {
    return this.moderation.decide(filmId, body, caller.userId);
  }
}
