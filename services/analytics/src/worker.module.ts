import { queueProvider, ServiceRootModule, WorkerModule } from '@kinora/common';
import { AdEventStore } from './ads/ad-event-store';
import { AdEventsConsumer } from './ads/ad-events.consumer';
import { AdEventsRepository } from './ads/ad-events.repository';
import type { Config } from './config';
import { DATABASE } from './database';
import { AdRollupsRepository } from './rollups/ad-rollups.repository';
import { RollupJobHandlers } from './rollups/rollup-jobs';
import { ROLLUP_QUEUE, ROLLUPS } from './rollups/rollups.queue';
import { RollupsRepository } from './rollups/rollups.repository';
import { SessionEventsConsumer } from './sessions/session-events.consumer';
import { SessionStore } from './sessions/session-store';
import { SessionsRepository } from './sessions/sessions.repository';

/**
 * analytics-worker: stores viewing-session events (merging them into sessions) and ad events as they
 * arrive on Kafka, and recomputes the rollups they touch; serves only /health and /metrics over HTTP.
 */
export class WorkerAppModule extends ServiceRootModule<Config>(
  { name: 'analytics-worker', ...DATABASE },
  (config) => ({
    // Global for the rollup repositories alone: the job handlers live in WorkerModule's own scope.
    global: true,
    imports: [
      WorkerModule.forQueue(ROLLUP_QUEUE, RollupJobHandlers, { concurrency: config.ROLLUP_CONCURRENCY }),
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
    ],
    exports: [RollupsRepository, AdRollupsRepository],
  }),
) {}
