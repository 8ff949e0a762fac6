import { Body, Controller, HttpCode, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { CauseInErrorFieldInterceptor } from '@kinora/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../sessions/session-cookie';
import { mapUser, type UserDto } from '../users/user.mapper';
import { SendCodeDto, VerifyCodeDto } from './dto/sign-in.dto';
import { SignInService } from './sign-in.service';

@Controller('api/auth')
@UseInterceptors(CauseInErrorFieldInterceptor)
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  @Post('send-code')
  @HttpCode(200)
  async sendCode(@Body() body: SendCodeDto, @Req() request: FastifyRequest): Promise<{ message: string }> {
    await this.signIn.sendCode(body.email, request.ip);
    return { message: 'Verification code sent' };
  }

  @Post('verify-code')
  @HttpCode(200)
  async verifyCode(
    @Body() body: VerifyCodeDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserDto> {
    const { user, token, expiresAt } = await this.signIn.verifyCode(
      body.email,
      body.code,
      request.headers['user-agent'],
    );
    setSessionCookie(request, reply, token, expiresAt);
    return mapUser(user);
  }
}
