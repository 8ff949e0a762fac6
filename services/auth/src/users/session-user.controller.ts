import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Responds, type Identity } from '@kinora/common';
import { UserDto } from './dto/user.dto';
import { UsersService } from './users.service';

export class SessionUserDto {
  @ApiProperty({ type: UserDto, nullable: true, description: 'null when nobody is signed in' })
  user!: UserDto | null;
}

/**
 * Who is signed in, if anyone. The SPA asks on every page load: being anonymous is an answer here,
 * not an error (a 401 would be logged in every visitor's browser console).
 */
@ApiTags('users')
@Controller('api/auth/session')
export class SessionUserController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The signed-in user, or null when anonymous (never a 401)' })
  @Responds({ ok: SessionUserDto })
  async current(@CurrentIdentity() identity: Identity | null): Promise<SessionUserDto> {
    return { user: identity ? await this.users.current(identity.userId) : null };
  }
}
