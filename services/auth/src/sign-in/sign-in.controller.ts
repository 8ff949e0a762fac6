import { Body, Controller, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CauseInErrorFieldInterceptor, MessageDto, Responds } from '@kinora/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../sessions/session-cookie';
import { UserDto } from '../users/dto/user.dto';
import { mapUser } from '../users/user.mapper';
import { SendCodeDto, VerifyCodeDto } from './dto/sign-in.dto';
import { SignInService } from './sign-in.service';

@ApiTags('sign-in')
@Controller('api/auth')
@UseInterceptors(CauseInErrorFieldInterceptor)
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  @Post('send-code')
  @ApiOperation({ summary: 'Email a sign-in code (the error field carries the cause)' })
  @Responds({ ok: MessageDto, errors: [400, 429] })
  async sendCode(@Body() body: SendCodeDto, @Req() request: FastifyRequest): Promise<MessageDto> {
    await this.signIn.sendCode(body.email, request.ip);
    return { message: 'Verification code sent' };
  }

  @Post('verify-code')
  @ApiOperation({ summary: 'Sign in with the emailed code: sets the session cookie, returns the user' })
  @Responds({
    ok: { type: UserDto, description: 'Signed in; the session cookie is set.' },
    errors: [400, 403, 429],
  })
  async verifyCode(
    @Body() body: VerifyCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserDto> {
    const { user, cookie, expiresAt } = await this.signIn.verifyCode(
      body.email,
      body.code,
      request.headers['user-agent'],
    );
    setSessionCookie(request, reply, cookie, expiresAt);
    return mapUser(user);
  }
}
