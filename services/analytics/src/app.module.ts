import { DynamicModule, Module } from '@nestjs/common';
import { KnownUsersModule, PlatformModule, queueProvider } from '@kinora/common';
import type { Config } from './config';
import { DATABASE } from './database';
import { ROLLUP_QUEUE, ROLLUPS } from './rollups/rollups.queue';
import { UserRegisteredRollupHandler } from './rollups/user-registered-rollup.handler';

@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'analytics', config, ...DATABASE }), KnownUsersModule],
      controllers: [UserRegisteredRollupHandler],
      providers: [queueProvider(ROLLUPS, ROLLUP_QUEUE)],
    };
  }
}
