import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Patch,
  Post,
  UnauthorizedException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@kinora/contracts';
import { ACCEPTED_IMAGE_FORMATS } from './avatar-image';
import { Authenticated, CurrentIdentity, Responds, type Identity } from '@kinora/common';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserDto } from './dto/user.dto';
import { mapUser } from './user.mapper';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('api/auth/user')
@Authenticated()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user, or 401 (GET /api/auth/session answers anonymous callers without an error). */
  @Get()
  @ApiOperation({ summary: 'The signed-in user (401 when anonymous)' })
  @Responds({ ok: UserDto, errors: [401] })
  async currentUser(@CurrentIdentity() identity: Identity): Promise<UserDto> {
    const user = await this.users.current(identity.userId);
    if (!user) throw new UnauthorizedException('Unauthorized');
    return user;
  }

  @Patch()
  @ApiOperation({ summary: "Update the signed-in user's name or avatar" })
  @Responds({ ok: UserDto, errors: [400, 401] })
  async update(@CurrentIdentity() identity: Identity, @Body() body: UpdateUserDto): Promise<UserDto> {
    if (Object.values(body).every((value) => value === undefined)) {
      throw new BadRequestException('Nothing to update: send firstName, lastName or profileImageUrl');
    }
    return mapUser(await this.users.update(identity.userId, body));
  }

  @Post('avatar')
  @ApiOperation({
    summary: `Upload a new avatar: the image itself as the body (${ACCEPTED_IMAGE_FORMATS}, at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB), stored as a ${AVATAR_SIZE_PX}×${AVATAR_SIZE_PX} center-cropped JPEG`,
  })
  @ApiConsumes('image/png', 'image/jpeg', 'image/gif', 'image/webp')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @Responds({ ok: UserDto, errors: [400, 401, 413, 415] })
  async uploadAvatar(@CurrentIdentity() identity: Identity, @Body() body: unknown): Promise<UserDto> {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new UnsupportedMediaTypeException(
        `Send the avatar as an image body (${ACCEPTED_IMAGE_FORMATS}) with its image/* content type`,
      );
    }
    return mapUser(await this.users.replaceAvatar(identity.userId, body));
  }
}
