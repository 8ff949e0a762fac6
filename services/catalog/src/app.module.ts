import { DynamicModule, Module } from '@nestjs/common';
import { KnownUsersModule, PlatformModule } from '@kinora/common';
import type { Config } from './config';
import { CreatorFollowerCountChangedHandler } from './creators/creator-follower-count-changed.handler';
import { CreatorsController } from './creators/creators.controller';
import { CreatorsService } from './creators/creators.service';
import { DATABASE } from './database';
import { FilmRatingChangedHandler } from './films/film-rating-changed.handler';
import { FilmReviewedHandler } from './films/film-reviewed.handler';
import { FilmsController } from './films/films.controller';
import { FilmsService } from './films/films.service';
import { MEDIA_PROVIDERS, MediaService } from './media/media.service';

@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [PlatformModule.forService({ name: 'catalog', config, ...DATABASE }), KnownUsersModule],
      controllers: [
        FilmsController,
        CreatorsController,
        FilmRatingChangedHandler,
        FilmReviewedHandler,
        CreatorFollowerCountChangedHandler,
      ],
      providers: [FilmsService, CreatorsService, ...MEDIA_PROVIDERS],
      exports: [FilmsService, CreatorsService, MediaService],
    };
  }
}
