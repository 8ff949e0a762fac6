import { MailerService, ServiceRootModule } from '@kinora/common';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsRepository } from './accounts/accounts.repository';
import { AccountsService } from './accounts/accounts.service';
import type { Config } from './config';
import { DATABASE } from './database';
import { IdentityController } from './identity/identity.controller';
import { ListCountsChangedHandler } from './lists/list-counts-changed.handler';
import { ListCountsRepository } from './lists/list-counts.repository';
import { MemberDataController } from './member-data/member-data.controller';
import { MemberDataService } from './member-data/member-data.service';
import { CreatorRegisteredHandler } from './roles/creator-registered.handler';
import { CriticRegisteredHandler } from './roles/critic-registered.handler';
import { IdentityFeed } from './sessions/identity-feed';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { RateLimiter } from './sign-in/rate-limiter';
import { SignInController } from './sign-in/sign-in.controller';
import { SignInCodesRepository } from './sign-in/sign-in-codes.repository';
import { SignInService } from './sign-in/sign-in.service';
import { AvatarBodyParser } from './users/avatar-body.parser';
import { UserChanges } from './users/user-changes';
import { SessionUserController } from './users/session-user.controller';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

export class AppModule extends ServiceRootModule<Config>({ name: 'auth', ...DATABASE }, () => ({
  controllers: [
    AccountsController,
    SignInController,
    UsersController,
    MemberDataController,
    SessionUserController,
    SessionsController,
    IdentityController,
    CreatorRegisteredHandler,
    CriticRegisteredHandler,
    ListCountsChangedHandler,
  ],
  providers: [
    AccountsService,
    AccountsRepository,
    AvatarBodyParser,
    UsersService,
    MemberDataService,
    UserChanges,
    IdentityFeed,
    SessionsService,
    SessionsRepository,
    SignInService,
    SignInCodesRepository,
    ListCountsRepository,
    RateLimiter,
    MailerService,
  ],
})) {}
