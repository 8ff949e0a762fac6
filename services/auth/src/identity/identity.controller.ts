import { Controller, Get, HttpCode, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  clearedSessionCookieHeader,
  SESSION_COOKIE,
  sessionCookieHeader,
  sessionCookieOf,
} from '../sessions/session-cookie';
import { SessionsService } from '../sessions/sessions.service';

/**
 * Where the gateway sends the session cookies it cannot vouch for on its own (gateway/identity.js:
 * expired, older than the user's identity version, marks not kept, bare tokens from before signed
 * cookies). Answers from the database: for a live session 204 with X-User-Id / X-User-Roles and
 * X-Session-Cookie, a freshly signed cookie the gateway sets on the response; otherwise 204 without
 * identity (anonymous) and an X-Session-Cookie that removes the dead cookie, so the browser stops
 * sending it.
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
    const cookie = sessionCookieOf(request.headers.cookie);
    const session = cookie ? await this.sessions.identify(cookie) : null;
    if (session) {
      reply.header('x-user-id', session.identity.userId);
      reply.header('x-user-roles', session.identity.roles.join(','));
      reply.header('x-session-cookie', sessionCookieHeader(request, session.cookie, session.expiresAt));
    } else if (request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) {
      reply.header('x-session-cookie', clearedSessionCookieHeader(request));
    }
  }
}
