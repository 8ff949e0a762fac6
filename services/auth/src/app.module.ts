import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@kinora/common';
import type { Config } from './config';
import { DATABASE } from './database';
import { IdentityController } from './identity/identity.controller';
import { MailerService } from './mail/mailer.service';
import { CreatorRegisteredHandler } from './roles/creator-registered.handler';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { RateLimiter } from './sign-in/rate-limiter';
import { SignInController } from './sign-in/sign-in.controller';
import { SignInService } from './sign-in/sign-in.service';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'auth', config, ...DATABASE })],
      controllers: [
        SignInController,
        UsersController,
        SessionsController,
        IdentityController,
        CreatorRegisteredHandler,
      ],
      providers: [UsersService, SessionsService, SignInService, RateLimiter, MailerService],
    };
  }
}
