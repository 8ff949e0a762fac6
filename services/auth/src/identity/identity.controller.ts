import { Controller, Get, HttpCode, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionTokenOf } from '../sessions/session-cookie';
import { SessionsService } from '../sessions/sessions.service';

/**
 * The gateway's auth_request target: turns the session cookie into X-User-Id / X-User-Roles
 * response headers, which nginx copies onto the proxied request (always overwriting the
 * client's). Anonymous (no, unknown, expired or revoked session) is 204 without those headers.
 */
@ApiExcludeController()
@Controller('internal')
export class IdentityController {
  constructor(private readonly sessions: SessionsService) {}

  @Get('identity')
  @HttpCode(204)
  async identity(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = sessionTokenOf(request.headers.cookie);
    const identity = token ? await this.sessions.identify(token) : null;
    if (identity) {
      reply.header('x-user-id', identity.userId);
      reply.header('x-user-roles', identity.roles.join(','));
    }
  }
}
