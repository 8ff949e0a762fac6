import { queueProvider, ServiceRootModule, WorkerModule } from '@kinora/common';
import { AdEventStore } from './ads/ad-event-store';
import { AdEventsConsumer } from './ads/ad-events.consumer';
import { AdEventsRepository } from './ads/ad-events.repository';
import type { Config } from './config';
import { DATABASE } from './database';
import { AdRollupsRepository } from './rollups/ad-rollups.repository';
import { RecommendationJobs } from './recommendations/recommendation-jobs';
import { RecommendationsRepository } from './recommendations/recommendations.repository';
import { RECOMMEND_QUEUE } from './recommendations/recommend.queue';
import { RowEventsRepository } from './recommendations/row-events.repository';
import {
  CompletionsConsumer,
  CriticRatingsConsumer,
  HistoryClearsConsumer,
  MemberTiesConsumer,
  ViewsConsumer,
} from './recommendations/taste-events.consumers';
import { RollupJobHandlers } from './rollups/rollup-jobs';
import { ROLLUP_QUEUE, ROLLUPS } from './rollups/rollups.queue';
import { RollupsRepository } from './rollups/rollups.repository';
import { SessionEventsConsumer } from './sessions/session-events.consumer';
import { SessionStore } from './sessions/session-store';
import { SessionsRepository } from './sessions/sessions.repository';

/**
 * analytics-worker: stores viewing-session events (merging them into sessions) and ad events as they
 * arrive on Kafka, and recomputes the rollups they touch; learns recommendations from what members
 * do (docs/recommendations.md); serves only /health and /metrics over HTTP.
 */
export class WorkerAppModule extends ServiceRootModule<Config>(
  { name: 'analytics-worker', ...DATABASE },
  (config) => ({
    // Global for the job handlers' repositories alone: the handlers live in WorkerModule's own scope.
    global: true,
    imports: [
      WorkerModule.forQueue(ROLLUP_QUEUE, RollupJobHandlers, { concurrency: config.ROLLUP_CONCURRENCY }),
      // One recompute at a time: a full one reads everything, and members' wait behind it.
      WorkerModule.forQueue(RECOMMEND_QUEUE, RecommendationJobs, { concurrency: 1, lockDuration: 120_000 }),
    ],
    providers: [
      queueProvider(ROLLUPS, ROLLUP_QUEUE),
      SessionStore,
      SessionsRepository,
      SessionEventsConsumer,
      AdEventStore,
      AdEventsRepository,
      AdEventsConsumer,
      RollupsRepository,
      AdRollupsRepository,
      RecommendationsRepository,
      RowEventsRepository,
      MemberTiesConsumer,
      CriticRatingsConsumer,
      ViewsConsumer,
      CompletionsConsumer,
      HistoryClearsConsumer,
    ],
    exports: [RollupsRepository, AdRollupsRepository, RecommendationsRepository, RowEventsRepository],
  }),
) {}
