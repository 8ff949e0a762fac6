import { Controller, Get, HttpCode, Post, Redirect, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, sessionTokenOf } from './session-cookie';
import { SessionsService } from './sessions.service';

@Controller('api')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** Revokes the session server-side and clears the cookie; signing out twice is fine. */
  @Post('auth/logout')
  @HttpCode(204)
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.endSession(request, reply);
  }

  /** Browser navigation: ends the session, then home. */
  @Get('logout')
  @Redirect('/', 302)
  async logoutNavigation(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.endSession(request, reply);
  }

  /** Browser navigation: the sign-in screen. */
  @Get('login')
  @Redirect('/auth', 302)
  login(): void {}

  private async endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = sessionTokenOf(request.headers.cookie);
    if (token) await this.sessions.revoke(token);
    clearSessionCookie(request, reply);
  }
}
