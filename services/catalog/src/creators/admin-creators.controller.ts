import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, CurrentIdentity, IdParam, Responds, Roles, type Identity } from '@kinora/common';
import { CreatorStandingService } from './creator-standing.service';
import { AdminCreatorDto, AdminCreatorsQuery, SuspendCreatorDto } from './dto/admin-creator.dto';

/** Admins manage creators: the list, the verified tick and suspension (docs/admin.md, "Creators"). */
@ApiTags('admin')
@Controller('api/admin/creators')
@Roles('admin')
@ApiErrorResponses(401, 403)
export class AdminCreatorsController {
  constructor(private readonly standing: CreatorStandingService) {}

  @Get()
  @ApiOperation({
    summary: 'Every creator, suspended ones too, newest first, with their films, followers and standing',
  })
  @Responds({ ok: [AdminCreatorDto], errors: [400] })
  list(@Query() query: AdminCreatorsQuery): Promise<AdminCreatorDto[]> {
    return this.standing.list(query);
  }

  @Put(':id/verification')
  @ApiOperation({ summary: 'Verify a creator (the tick shows wherever they are shown); a no-op if verified' })
  @Responds({ ok: AdminCreatorDto, errors: [400, 404] })
  verify(@IdParam() id: number, @CurrentIdentity() admin: Identity): Promise<AdminCreatorDto> {
    return this.standing.setVerified(id, true, admin.userId);
  }

  @Delete(':id/verification')
  @ApiOperation({ summary: "Take a creator's verification away; a no-op if not verified" })
  @Responds({ ok: AdminCreatorDto, errors: [400, 404] })
  unverify(@IdParam() id: number, @CurrentIdentity() admin: Identity): Promise<AdminCreatorDto> {
    return this.standing.setVerified(id, false, admin.userId);
  }

  @Post(':id/suspension')
  @ApiOperation({
    summary: 'Suspend a creator, with a reason: their profile and films leave every public list and page',
  })
  @Responds({ ok: AdminCreatorDto, errors: [400, 404, 409] })
  suspend(
    @IdParam() id: number,
    @Body() body: SuspendCreatorDto,
    @CurrentIdentity() admin: Identity,
  ): Promise<AdminCreatorDto> {
    return this.standing.suspend(id, body.reason, admin.userId);
  }

  @Delete(':id/suspension')
  @ApiOperation({
    summary: "Lift a creator's suspension: their profile and films are back; a no-op if not suspended",
  })
  @Responds({ ok: AdminCreatorDto, errors: [400, 404] })
  unsuspend(@IdParam() id: number, @CurrentIdentity() admin: Identity): Promise<AdminCreatorDto> {
    return this.standing.unsuspend(id, admin.userId);
  }
}
