import {
  BadRequestException,
  Body,
  Controller,
  Headers,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Req,
} from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Responds, type Identity } from '@kinora/common';
import type { FastifyRequest } from 'fastify';
import {
  SESSION_TOKEN_HEADER,
  StartViewingSessionDto,
  UpdateViewingSessionDto,
  ViewingSessionAcceptedDto,
} from './dto/viewing-session.dto';
import { ViewingSessionsService, type Caller } from './viewing-sessions.service';

const caller = (request: FastifyRequest, identity: Identity | null): Caller => ({
  identity,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

@ApiTags('analytics')
@Controller('api/analytics/viewing-session')
export class ViewingSessionsController {
  constructor(private readonly sessions: ViewingSessionsService) {}

  @Post()
  @ApiOperation({
    summary: 'The player started: open a viewing session (signed-in members and visitors alike)',
    description:
      'The session belongs to the caller the gateway names (or to nobody), never to the body’s userId.',
  })
  @Responds({ accepted: ViewingSessionAcceptedDto, errors: [400, 503] })
  start(
    @Body() body: StartViewingSessionDto,
    @CurrentIdentity() identity: Identity | null,
    @Req() request: FastifyRequest,
  ): Promise<ViewingSessionAcceptedDto> {
    return this.sessions.start(body, caller(request, identity));
  }

  @Patch(':sessionId')
  @ApiOperation({ summary: 'Progress of a viewing session (every 30 s), or its end (with sessionEndTime)' })
  @ApiParam({ name: 'sessionId', format: 'uuid' })
  @ApiHeader({
    name: SESSION_TOKEN_HEADER,
    required: true,
    description: 'The token the session was opened with.',
  })
  @Responds({ accepted: { description: 'Accepted' }, errors: [400, 403, 503] })
  async update(
    @Param(
      'sessionId',
      new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('sessionId must be a UUID') }),
    )
    sessionId: string,
    @Headers(SESSION_TOKEN_HEADER) token: string | undefined,
    @Body() body: UpdateViewingSessionDto,
    @CurrentIdentity() identity: Identity | null,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.sessions.update(sessionId, token, body, caller(request, identity));
  }
}
