import { Body, Controller, Delete, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, Responds, type Identity } from '@kinora/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie } from '../sessions/session-cookie';
import { AuthExportDto, DeleteAccountDto } from './dto/member-data.dto';
import { MemberDataService } from './member-data.service';

/** A member's own data: download it, or delete the account (docs/accounts.md, "Your data"). */
@ApiTags('users')
@Controller('api/auth/user')
@Authenticated()
export class MemberDataController {
  constructor(private readonly memberData: MemberDataService) {}

  @Post('export')
  @ApiOperation({ summary: "The account part of the signed-in member's data archive (on the audit log)" })
  @Responds({ ok: AuthExportDto, errors: [401] })
  export(@CurrentIdentity() identity: Identity): Promise<AuthExportDto> {
    return this.memberData.export(identity.userId);
  }

  @Delete()
  @ApiOperation({
    summary:
      'Delete the signed-in account for good: confirmed by its email; every session ends and every service erases or anonymises the member',
  })
  @Responds({ noContent: { description: 'Deleted; the session cookie is cleared.' }, errors: [400, 401] })
  async delete(
    @CurrentIdentity() identity: Identity,
    @Body() body: DeleteAccountDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.memberData.delete(identity.userId, body.confirm);
    clearSessionCookie(request, reply);
  }
}
