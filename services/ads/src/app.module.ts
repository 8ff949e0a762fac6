import { ClientContext, ServiceRootModule } from '@kinora/common';
import { AdvertisersController } from './advertisers/advertisers.controller';
import { AdvertisersRepository } from './advertisers/advertisers.repository';
import { AdvertisersService } from './advertisers/advertisers.service';
import {
  CampaignsController,
  CreativesController,
  CreativeVideosController,
} from './campaigns/campaigns.controller';
import { CampaignsRepository } from './campaigns/campaigns.repository';
import { CampaignsService } from './campaigns/campaigns.service';
import { CreativeVideos } from './campaigns/creative-videos';
import { CreativesRepository } from './campaigns/creatives.repository';
import { CreativesService } from './campaigns/creatives.service';
import type { Config } from './config';
import { DATABASE } from './database';
import { AdEventsRepository } from './delivery/ad-events.repository';
import { UserDeletedHandler } from './delivery/user-deleted.handler';
import { DeliveryCache } from './delivery/delivery-cache';
import { DeliveryController } from './delivery/delivery.controller';
import { DeliveryRepository } from './delivery/delivery.repository';
import { DeliveryStore } from './delivery/delivery-store';
import { SelectionService } from './delivery/selection.service';
import { TrackingService } from './delivery/tracking.service';
import { FilmStatusChangedHandler } from './films/film-status-changed.handler';
import { FilmsRepository } from './films/films.repository';
import { AdsUpkeep } from './optimizations/ads-upkeep';
import { OptimizationsController } from './optimizations/optimizations.controller';
import { OptimizationsRepository } from './optimizations/optimizations.repository';
import { OptimizationsService } from './optimizations/optimizations.service';

/**
 * The ads API (docs/advertising.md): admins manage advertisers, campaigns and creatives; the
 * player gets breaks, ads (JSON or VAST) and reports what the viewer did; the upkeep logs what
 * pacing and caps did and announces ended flights.
 */
export class AppModule extends ServiceRootModule<Config>(
  {
    name: 'ads',
    ...DATABASE,
    quietPaths: /^\/api\/ads\/(view|track)$/,
  },
  () => ({
    imports: [],
    controllers: [
      FilmStatusChangedHandler,
      UserDeletedHandler,
      AdvertisersController,
      CampaignsController,
      CreativesController,
      CreativeVideosController,
      DeliveryController,
      OptimizationsController,
    ],
    providers: [
      ClientContext,
      CreativeVideos,
      DeliveryStore,
      DeliveryCache,
      DeliveryRepository,
      AdEventsRepository,
      FilmsRepository,
      SelectionService,
      TrackingService,
      AdvertisersService,
      AdvertisersRepository,
      CampaignsService,
      CampaignsRepository,
      CreativesService,
      CreativesRepository,
      OptimizationsService,
      OptimizationsRepository,
      AdsUpkeep,
    ],
  }),
) {}
