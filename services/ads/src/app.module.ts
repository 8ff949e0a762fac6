import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@kinora/common';
import type { Config } from './config';
import { DATABASE } from './database';
import { FilmStatusChangedHandler } from './films/film-status-changed.handler';

@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'ads', config, ...DATABASE })],
      controllers: [FilmStatusChangedHandler],
    };
  }
}
