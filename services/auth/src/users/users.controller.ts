import { Controller, Get, Redirect, UnauthorizedException } from '@nestjs/common';
import { Authenticated, CurrentIdentity, type Identity } from '@kinora/common';
import { mapUser, type UserDto } from './user.mapper';
import { UsersService } from './users.service';

@Controller('api/auth')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user, or 401 (the SPA reads 401 as anonymous). */
  @Get('user')
  @Authenticated()
  async currentUser(@CurrentIdentity() identity: Identity): Promise<UserDto> {
    const user = await this.users.findById(identity.userId);
    if (!user) throw new UnauthorizedException('Unauthorized');
    return mapUser(user);
  }
}

/** Full-page browser navigations of SPEC §7. */
@Controller('api')
export class BrowserNavigationController {
  @Get('login')
  @Redirect('/auth', 302)
  login(): void {}

  /** Ends the session (once sessions exist: accounts issue) and goes home. */
  @Get('logout')
  @Redirect('/', 302)
  logout(): void {}
}
