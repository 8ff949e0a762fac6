import { Controller, Get, HttpCode, Post, Redirect, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, sessionCookieOf } from './session-cookie';
import { SessionsService } from './sessions.service';

@ApiTags('sessions')
@Controller('api')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** Revokes the session server-side and clears the cookie; signing out twice is fine. */
  @Post('auth/logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: revoke the session and clear its cookie' })
  @ApiNoContentResponse({ description: 'Signed out (also when there was no session).' })
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.endSession(request, reply);
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
