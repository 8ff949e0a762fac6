import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@kinora/common';
import type { Config } from './config';
import { DATABASE } from './database';
import { IdentityController } from './identity/identity.controller';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'auth', config, ...DATABASE }), UsersModule],
      controllers: [IdentityController],
    };
  }
}
