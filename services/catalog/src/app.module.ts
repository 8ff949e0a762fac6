import { DynamicModule, Module } from '@nestjs/common';
import { KNOWN_USERS, PlatformModule } from '@kinora/common';
import type { Config } from './config';
import { DATABASE } from './database';

@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'catalog', config, ...DATABASE, handlers: KNOWN_USERS.handlers }),
      ],
    };
  }
}
