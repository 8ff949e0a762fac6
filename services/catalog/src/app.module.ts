import { DynamicModule, Module, type NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { KnownUsersModule, PlatformModule } from '@kinora/common';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { CreatorFollowerCountChangedHandler } from './creators/creator-follower-count-changed.handler';
import { CreatorsController } from './creators/creators.controller';
import { CreatorsService } from './creators/creators.service';
import { DATABASE } from './database';
import { FilmRatingChangedHandler } from './films/film-rating-changed.handler';
import { FilmsController } from './films/films.controller';
import { FilmsService } from './films/films.service';
import { MEDIA_PROVIDERS, MediaService } from './media/media.service';
import { StudioController } from './studio/studio.controller';
import { StudioService } from './studio/studio.service';
import { registerUploadHttp } from './uploads/upload-http';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsService } from './uploads/uploads.service';

@Module({})
export class AppModule implements NestModule {
  constructor(private readonly adapter: HttpAdapterHost) {}

  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [PlatformModule.forService({ name: 'catalog', config, ...DATABASE }), KnownUsersModule],
      controllers: [
        FilmsController,
        CreatorsController,
        StudioController,
        UploadsController,
        FilmRatingChangedHandler,
        CreatorFollowerCountChangedHandler,
      ],
      providers: [FilmsService, CreatorsService, StudioService, UploadsService, ...MEDIA_PROVIDERS],
      exports: [FilmsService, CreatorsService, MediaService],
    };
  }

  /**
   * Runs before the routes are registered (Nest configures modules first): the upload body
   * parser and the studio's body limit must be in place by then. A bare application context
   * (seed, scripts) has no HTTP server.
   */
  configure(): void {
    const fastify = this.adapter.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) registerUploadHttp(fastify);
  }
}
