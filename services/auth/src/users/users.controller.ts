import { BadRequestException, Body, Controller, Get, Patch, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, Authenticated, CurrentIdentity, type Identity } from '@kinora/common';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserDto } from './dto/user.dto';
import { mapUser } from './user.mapper';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('api/auth/user')
@Authenticated()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user, or 401 (the SPA reads 401 as anonymous). */
  @Get()
  @ApiOperation({ summary: 'The signed-in user (401 when anonymous)' })
  @ApiOkResponse({ type: UserDto })
  @ApiErrorResponses(401)
  async currentUser(@CurrentIdentity() identity: Identity): Promise<UserDto> {
    const user = await this.users.findById(identity.userId);
    if (!user) throw new UnauthorizedException('Unauthorized');
    return mapUser(user);
  }

  @Patch()
  @ApiOperation({ summary: "Update the signed-in user's name or avatar" })
  @ApiOkResponse({ type: UserDto })
  @ApiErrorResponses(400, 401)
  async update(@CurrentIdentity() identity: Identity, @Body() body: UpdateUserDto): Promise<UserDto> {
    if (Object.values(body).every((value) => value === undefined)) {
      throw new BadRequestException('Nothing to update: send firstName, lastName or profileImageUrl');
    }
    return mapUser(await this.users.update(identity.userId, body));
  }
}
