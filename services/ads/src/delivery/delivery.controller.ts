import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { callerOf } from './caller';
import { PlacementDto } from './dto/placement.dto';
import {
  AdDto,
  AdViewRecordedDto,
  RecordAdViewDto,
  SelectAdDto,
  TrackAdQuery,
  VastQuery,
} from './dto/delivery.dto';
import { SelectionService } from './selection.service';
import { TrackingService } from './tracking.service';
import { EMPTY_VAST, publicOrigin, vastDocument } from './vast';

/** What the player calls: breaks, an ad for a break, and what the viewer did with it. Public. */
@ApiTags('ads')
@Controller('api/ads')
export class DeliveryController {
  constructor(
    private readonly selection: SelectionService,
    private readonly tracking: TrackingService,
  ) {}

  @Get('placements/:filmId')
  @ApiOperation({
    summary: "A published film's ad breaks, ascending: pre-roll at 0, mid-rolls, post-roll at the end",
  })
  @Responds({ ok: [PlacementDto], errors: [400, 404] })
  placements(@IdParam('filmId') filmId: number): Promise<PlacementDto[]> {
    return this.selection.placements(filmId);
  }

  @Post('select')
  @HttpCode(200)
  @ApiOperation({
    summary: 'An ad for a break (200), or none qualifies (204)',
    description:
      'Eligible: active, within its flight, targeting matching, a creative, budget left, under both frequency caps, on pace; the highest CPM wins and equal bids take turns. The viewer is the signed-in member or a visitor (address and agent); country comes from the address, device from the agent.',
  })
  @Responds({
    ok: AdDto,
    noContent: { description: 'No ad qualifies: the film resumes.' },
    errors: [400, 404],
  })
  async select(
    @Body() body: SelectAdDto,
    @CurrentIdentity() identity: Identity | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdDto | undefined> {
    const selection = await this.selection.select(
      {
        filmId: body.filmId,
        position: body.position,
        sessionId: body.sessionId,
        demographics: body.userDemographics,
        deviceType: body.deviceType,
      },
      callerOf(request, identity),
    );
    if (!selection) {
      reply.status(204);
      return undefined;
    }
    return selection.ad;
  }

  @Post('view')
  @ApiOperation({
    summary:
      'Record what the viewer did with an ad: start (the impression, charged once), quartiles, complete, skip, click',
    description: 'Each (session, ad, break, event) is recorded once; a repeat answers recorded: false.',
  })
  @Responds({ ok: AdViewRecordedDto, errors: [400, 403] })
  async view(
    @Body() body: RecordAdViewDto,
    @CurrentIdentity() identity: Identity | null,
    @Req() request: FastifyRequest,
  ): Promise<AdViewRecordedDto> {
    return { recorded: await this.tracking.view(body, callerOf(request, identity)) };
  }

  @Get('track')
  @ApiOperation({
    summary: "A VAST player's tracking call: records the event as POST /api/ads/view does (204, repeats too)",
  })
  @Responds({ noContent: { description: 'Recorded, or already recorded.' }, errors: [400, 403] })
  async track(
    @Query() query: TrackAdQuery,
    @CurrentIdentity() identity: Identity | null,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.tracking.track(query.token, query.event, callerOf(request, identity));
  }

  @Get('vast')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'An ad for a break as a VAST 4.0 document (an empty <VAST> when none qualifies)',
    description: 'Selects as POST /api/ads/select does; its tracking URLs point back at GET /api/ads/track.',
  })
  @ApiProduces('application/xml')
  @Responds({ ok: { description: 'VAST 4.0 XML.', schema: { type: 'string' } }, errors: [400, 404] })
  async vast(
    @Query() query: VastQuery,
    @CurrentIdentity() identity: Identity | null,
    @Req() request: FastifyRequest,
  ): Promise<string> {
    const selection = await this.selection.select(
      { filmId: query.filmId, position: query.position, sessionId: query.sessionId ?? randomUUID() },
      callerOf(request, identity),
    );
    if (!selection) return EMPTY_VAST;
    return vastDocument(selection.ad, selection.grant.selectionId, publicOrigin(request));
  }
}
