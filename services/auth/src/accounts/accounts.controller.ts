import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Responds, Roles, type Identity } from '@kinora/common';
import { AccountsService } from './accounts.service';
import { AccountDto, AccountsQuery, RoleParams, SuspendAccountDto } from './dto/account.dto';

const UserIdParam = () => Param('userId', new ParseUUIDPipe({ errorHttpStatusCode: 400 }));

/** Admins manage accounts (docs/accounts.md, "Managing accounts"). */
@ApiTags('accounts')
@Controller('api/auth/users')
@Roles('admin')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @ApiOperation({ summary: 'Admins: find accounts by a part of the email or names, newest sign-ups first' })
  @Responds({ ok: [AccountDto], errors: [400, 401, 403] })
  search(@Query() query: AccountsQuery): Promise<AccountDto[]> {
    return this.accounts.search(query);
  }

  @Post(':userId/suspension')
  @ApiOperation({
    summary: 'Admins: suspend an account (no sign-in, every session ended, the holder mailed why)',
  })
  @ApiParam({ name: 'userId', format: 'uuid' })
  @Responds({ ok: AccountDto, errors: [400, 401, 403, 404, 409] })
  suspend(
    @UserIdParam() userId: string,
    @Body() body: SuspendAccountDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<AccountDto> {
    return this.accounts.suspend(userId, body.reason, caller.userId);
  }

  @Delete(':userId/suspension')
  @ApiOperation({ summary: 'Admins: lift a suspension (the holder may sign in again, and is mailed so)' })
  @ApiParam({ name: 'userId', format: 'uuid' })
  @Responds({ ok: AccountDto, errors: [400, 401, 403, 404] })
  unsuspend(@UserIdParam() userId: string, @CurrentIdentity() caller: Identity): Promise<AccountDto> {
    return this.accounts.unsuspend(userId, caller.userId);
  }

  @Put(':userId/roles/:role')
  @ApiOperation({ summary: 'Admins: grant the creator or critic role' })
  @Responds({ ok: AccountDto, errors: [400, 401, 403, 404] })
  grant(@Param() params: RoleParams, @CurrentIdentity() caller: Identity): Promise<AccountDto> {
    return this.accounts.setRole(params.userId, params.role, true, caller.userId);
  }

  @Delete(':userId/roles/:role')
  @ApiOperation({ summary: 'Admins: take away the creator or critic role' })
  @Responds({ ok: AccountDto, errors: [400, 401, 403, 404] })
  revoke(@Param() params: RoleParams, @CurrentIdentity() caller: Identity): Promise<AccountDto> {
    return this.accounts.setRole(params.userId, params.role, false, caller.userId);
  }
}
