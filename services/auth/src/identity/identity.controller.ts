import { Controller, Get, HttpCode } from '@nestjs/common';

export const SESSION_COOKIE = 'kinora_session';

/**
 * The gateway's auth_request target: turns the session cookie into X-User-Id / X-User-Roles
 * response headers, which nginx copies onto the proxied request (always overwriting the
 * client's). Anonymous is a valid answer (204 without the headers), never an error.
 *
 * Sessions do not exist until sign-in ships (accounts issue), so every caller is anonymous for
 * now; the wiring through the gateway is the real one.
 */
@Controller('internal')
export class IdentityController {
  @Get('identity')
  @HttpCode(204)
  identity(): void {}
}
