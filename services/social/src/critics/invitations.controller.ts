import { Body, Controller, Get, Param, Post, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CauseInErrorFieldInterceptor,
  CurrentIdentity,
  Responds,
  Roles,
  type Identity,
} from '@kinora/common';
import {
  AcceptInvitationDto,
  InvitationAcceptedDto,
  InvitationDto,
  InvitationSentDto,
  InviteCriticDto,
} from './dto/invitation.dto';
import { InvitationsService } from './invitations.service';

@ApiTags('critics')
@Controller('api/critics')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('invitations')
  @Roles('admin')
  @ApiOperation({ summary: 'Invite a critic by email: mails a single-use link valid for 7 days' })
  @Responds({ created: InvitationSentDto, errors: [400, 401, 403, 503] })
  invite(@Body() body: InviteCriticDto, @CurrentIdentity() caller: Identity): Promise<InvitationSentDto> {
    return this.invitations.invite(body.email, caller.userId);
  }

  @Get('invitation/:token')
  @ApiOperation({ summary: 'The invited address of an unused, unexpired invitation' })
  @ApiParam({ name: 'token', schema: { type: 'string' } })
  @Responds({ ok: InvitationDto, errors: [404, 410] })
  find(@Param('token') token: string): Promise<InvitationDto> {
    return this.invitations.find(token);
  }

  @Post('accept-invitation')
  @UseInterceptors(CauseInErrorFieldInterceptor)
  @ApiOperation({
    summary:
      'Accept an invitation: creates the critic profile; the invited address then signs in as a critic',
  })
  @Responds({ created: InvitationAcceptedDto, errors: [400, 404, 410] })
  accept(@Body() body: AcceptInvitationDto): Promise<InvitationAcceptedDto> {
    return this.invitations.accept(body);
  }
}
