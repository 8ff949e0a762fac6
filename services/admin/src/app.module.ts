import { DynamicModule, Module } from '@nestjs/common';
import { KnownUsersModule, PlatformModule } from '@kinora/common';
import type { Config } from './config';
import { DATABASE } from './database';
import { FilmDeletedHandler } from './moderation/film-deleted.handler';
import { FilmStatusChangedHandler } from './moderation/film-status-changed.handler';
import { ModerationModule } from './moderation/moderation.module';
import { PrelaunchModule } from './prelaunch/prelaunch.module';
import { ReportsModule } from './reports/reports.module';

@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'admin', config, ...DATABASE }),
        KnownUsersModule,
        ModerationModule,
        PrelaunchModule,
        ReportsModule,
      ],
      controllers: [FilmStatusChangedHandler, FilmDeletedHandler],
    };
  }
}
