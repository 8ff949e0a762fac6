import { KnownUsersModule, ServiceRootModule, queueProvider } from '@kinora/common';
import { AdCampaignsRepository } from './ads/ad-campaigns.repository';
import { CampaignEventsHandlers } from './ads/campaign-events.handlers';
import type { Config } from './config';
import { CreatorAccess } from './creators/creator-access';
import { CreatorEventsHandlers } from './creators/creator-events.handlers';
import { CreatorsRepository } from './creators/creators.repository';
import { AdMetricsRepository } from './dashboards/ad-metrics.repository';
import { AdMetricsService } from './dashboards/ad-metrics.service';
import { CreatorAnalyticsRepository } from './dashboards/creator-analytics.repository';
import { CreatorAnalyticsService } from './dashboards/creator-analytics.service';
import { DashboardsController } from './dashboards/dashboards.controller';
import { PlatformAnalyticsRepository } from './dashboards/platform-analytics.repository';
import { PlatformAnalyticsService } from './dashboards/platform-analytics.service';
import { DATABASE } from './database';
import { FilmEventsHandlers } from './films/film-events.handlers';
import { FilmsRepository } from './films/films.repository';
import { HistoryExportController } from './history/history-export.controller';
import { UserDeletedHandler } from './history/user-deleted.handler';
import { WatchHistoryController } from './history/watch-history.controller';
import { WatchHistoryRepository } from './history/watch-history.repository';
import { WatchHistoryService } from './history/watch-history.service';
import { RecommendationsController } from './recommendations/recommendations.controller';
import { RecommendationsRepository } from './recommendations/recommendations.repository';
import { RecommendationsService } from './recommendations/recommendations.service';
import { RowEventsRepository } from './recommendations/row-events.repository';
import { RECOMMEND, RECOMMEND_QUEUE } from './recommendations/recommend.queue';
import { CreatorRevenueController } from './revenue/creator-revenue.controller';
import { CreatorRevenueRepository } from './revenue/creator-revenue.repository';
import { CreatorRevenueService } from './revenue/creator-revenue.service';
import { ROLLUP_QUEUE, ROLLUPS } from './rollups/rollups.queue';
import { UserRegisteredRollupHandler } from './rollups/user-registered-rollup.handler';
import { ClientContext } from '@kinora/common';
import { SessionPublisher } from './sessions/session-publisher';
import { ViewingSessionsController } from './sessions/viewing-sessions.controller';
import { ViewingSessionsService } from './sessions/viewing-sessions.service';

/**
 * The analytics API: takes viewing sessions onto Kafka, serves the dashboards, creators' ad revenue
 * and watch history, and keeps the read models (films, creators, users, campaigns) the figures are
 * shown with.
 */
export class AppModule extends ServiceRootModule<Config>(
  {
    name: 'analytics',
    ...DATABASE,
    quietPaths: /^\/api\/analytics\/viewing-session(\/[^/]+)?$/,
  },
  () => ({
    imports: [KnownUsersModule],
    controllers: [
      ViewingSessionsController,
      DashboardsController,
      CreatorRevenueController,
      WatchHistoryController,
      UserDeletedHandler,
      HistoryExportController,
      RecommendationsController,
      UserRegisteredRollupHandler,
      FilmEventsHandlers,
      CreatorEventsHandlers,
      CampaignEventsHandlers,
    ],
    providers: [
      queueProvider(ROLLUPS, ROLLUP_QUEUE),
      queueProvider(RECOMMEND, RECOMMEND_QUEUE),
      RecommendationsService,
      RecommendationsRepository,
      RowEventsRepository,
      ClientContext,
      SessionPublisher,
      ViewingSessionsService,
      CreatorAccess,
      CreatorsRepository,
      FilmsRepository,
      AdCampaignsRepository,
      CreatorAnalyticsService,
      CreatorAnalyticsRepository,
      PlatformAnalyticsService,
      PlatformAnalyticsRepository,
      AdMetricsService,
      AdMetricsRepository,
      CreatorRevenueService,
      CreatorRevenueRepository,
      WatchHistoryService,
      WatchHistoryRepository,
    ],
  }),
) {}
