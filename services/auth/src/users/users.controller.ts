import { BadRequestException, Body, Controller, Get, Patch, UnauthorizedException } from '@nestjs/common';
import { Authenticated, CurrentIdentity, type Identity } from '@kinora/common';
import { UpdateUserDto } from './dto/update-user.dto';
import { mapUser, type UserDto } from './user.mapper';
import { UsersService } from './users.service';

@Controller('api/auth/user')
@Authenticated()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user, or 401 (the SPA reads 401 as anonymous). */
  @Get()
  async currentUser(@CurrentIdentity() identity: Identity): Promise<UserDto> {
    const user = await this.users.findById(identity.userId);
    if (!user) throw new UnauthorizedException('Unauthorized');
    return mapUser(user);
  }

  @Patch()
  async update(@CurrentIdentity() identity: Identity, @Body() body: UpdateUserDto): Promise<UserDto> {
    if (Object.values(body).every((value) => value === undefined)) {
      throw new BadRequestException('Nothing to update: send firstName, lastName or profileImageUrl');
    }
    return mapUser(await this.users.update(identity.userId, body));
  }
}
