import { Module, type NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { KnownUsersModule, ServiceRootModule } from '@kinora/common';
import type { FastifyInstance } from 'fastify';
import { CreativeMediaRepository } from './ad-creatives/creative-media.repository';
import { CreativeUploadsController } from './ad-creatives/creative-uploads.controller';
import { CreativeUploadsService } from './ad-creatives/creative-uploads.service';
import type { Config } from './config';
import { AdminCreatorsController } from './creators/admin-creators.controller';
import { CreatorFollowerCountChangedHandler } from './creators/creator-follower-count-changed.handler';
import { UserDeletedHandler } from './creators/user-deleted.handler';
import { CatalogExportController } from './member-data/member-data.controller';
import { MemberDataRepository } from './member-data/member-data.repository';
import { MemberDataService } from './member-data/member-data.service';
import { CreatorStandingService } from './creators/creator-standing.service';
import { CreatorsController } from './creators/creators.controller';
import { CreatorsRepository } from './creators/creators.repository';
import { CreatorsService } from './creators/creators.service';
import { DATABASE } from './database';
import { FilmRatingChangedHandler } from './films/film-rating-changed.handler';
import { FilmReviewedHandler } from './films/film-reviewed.handler';
import { FilmViewsRepository } from './films/film-views.repository';
import { FilmsController } from './films/films.controller';
import { FilmsRepository } from './films/films.repository';
import { FilmsService } from './films/films.service';
import { ViewQualifiedConsumer } from './films/view-qualified.consumer';
import { MEDIA_PROVIDERS, MediaService } from './media/media.service';
import { PublicReadCache } from './reads/public-read-cache';
import { PublicReadsRepository } from './reads/public-reads.repository';
import { SeedRepository } from './seed/seed.repository';
import { StudioController } from './studio/studio.controller';
import { StudioRepository } from './studio/studio.repository';
import { StudioService } from './studio/studio.service';
import { registerUploadHttp } from './uploads/upload-http';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsService } from './uploads/uploads.service';

// @Module gives Nest the constructor's parameter types (the injected adapter and cache).
@Module({})
export class AppModule
  extends ServiceRootModule<Config>({ name: 'catalog', ...DATABASE }, () => ({
    global: true,
    imports: [KnownUsersModule],
    controllers: [
      FilmsController,
      CreatorsController,
      AdminCreatorsController,
      StudioController,
      UploadsController,
      CreativeUploadsController,
      FilmRatingChangedHandler,
      FilmReviewedHandler,
      CreatorFollowerCountChangedHandler,
      UserDeletedHandler,
      CatalogExportController,
    ],
    providers: [
      FilmsService,
      FilmsRepository,
      FilmViewsRepository,
      ViewQualifiedConsumer,
      CreatorsService,
      CreatorsRepository,
      CreatorStandingService,
      StudioService,
      StudioRepository,
      UploadsService,
      CreativeUploadsService,
      CreativeMediaRepository,
      PublicReadCache,
      PublicReadsRepository,
      SeedRepository,
      MemberDataService,
      MemberDataRepository,
      ...MEDIA_PROVIDERS,
    ],
    exports: [FilmsService, CreatorsService, MediaService],
  }))
  implements NestModule
{
  constructor(
    private readonly adapter: HttpAdapterHost,
    private readonly publicReads: PublicReadCache,
  ) {
    super();
  }

  /**
   * Runs before the routes are registered (Nest configures modules first): the upload body
   * parser and the studio's body limit must be in place by then. A bare application context
   * (seed, scripts) has no HTTP server. Every answer then passes one hook:
   * - a write clears this process's public read cache once it is done, before its answer goes
   *   out, so the writer's next read sees the change even if the database's notification (which
   *   clears every replica's cache) has not arrived yet;
   * - a text body (JSON) leaves as its UTF-8 bytes. Given text, Node prefixes it with the headers
   *   and encodes the whole on the way out, after Fastify has measured its byte length; the film
   *   list's titles in many scripts make that text two bytes per character, and those copies were
   *   about a quarter of the memory each list request allocated.
   */
  configure(): void {
    const fastify = this.adapter.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    registerUploadHttp(fastify);
    fastify.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') this.publicReads.clear();
      done(null, typeof payload === 'string' ? Buffer.from(payload) : payload);
    });
  }
}
