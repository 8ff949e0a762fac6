import {
  Controller,
  Delete,
  Get,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Redirect,
  Req,
  Res,
} from '@nestjs/common';
import { ApiFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Responds, Roles, type Identity } from '@kinora/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, sessionCookieOf } from './session-cookie';
import { SessionsService } from './sessions.service';

@ApiTags('sessions')
@Controller('api')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** Revokes the session server-side and clears the cookie; signing out twice is fine. */
  @Post('auth/logout')
  @ApiOperation({ summary: 'Sign out: revoke the session and clear its cookie' })
  @Responds({ noContent: { description: 'Signed out (also when there was no session).' } })
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.endSession(request, reply);
  }

  /** An admin ends every session of a user, as if each had signed out (docs/accounts.md). */
  @Delete('auth/users/:userId/sessions')
  @Roles('admin')
  @ApiOperation({ summary: 'Admins: end every session of a user (each stops working within a second)' })
  @ApiParam({ name: 'userId', format: 'uuid' })
  @Responds({
    noContent: { description: "The user's sessions are ended (also when there were none)." },
    errors: [400, 401, 403, 404],
  })
  async endSessions(
    @Param('userId', new ParseUUIDPipe({ errorHttpStatusCode: 400 })) userId: string,
    @CurrentIdentity() caller: Identity,
  ): Promise<void> {
    if (!(await this.sessions.revokeAll(userId, caller.userId)))
      throw new NotFoundException(`User ${userId} not found`);
  }

  /** Browser navigation: ends the session, then home. */
  @Get('logout')
  @Redirect('/', 302)
  @ApiOperation({ summary: 'Browser navigation: sign out, then go home' })
  @ApiFoundResponse({ description: 'Redirects to /.' })
  async logoutNavigation(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.endSession(request, reply);
  }

  /** Browser navigation: the sign-in screen. */
  @Get('login')
  @Redirect('/auth', 302)
  @ApiOperation({ summary: 'Browser navigation: the sign-in screen' })
  @ApiFoundResponse({ description: 'Redirects to /auth.' })
  login(): void {}

  private async endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const cookie = sessionCookieOf(request.headers.cookie);
    if (cookie) await this.sessions.revoke(cookie);
    clearSessionCookie(request, reply);
  }
}
