import { DynamicModule, Module } from '@nestjs/common';
import { KnownUsersModule, PlatformModule } from '@kinora/common';
import type { Config } from './config';
import { DATABASE } from './database';
import { FilmStatusChangedHandler } from './films/film-status-changed.handler';
import { ReviewsModule } from './reviews/reviews.module';

@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'social', config, ...DATABASE }),
        KnownUsersModule,
        ReviewsModule,
      ],
      controllers: [FilmStatusChangedHandler],
    };
  }
}
