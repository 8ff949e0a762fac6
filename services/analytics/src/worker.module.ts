import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, WorkerModule } from '@kinora/common';
import type { Config } from './config';
import { DATABASE } from './database';
import { RollupJobHandlers } from './rollups/rollup-jobs';
import { ROLLUP_QUEUE } from './rollups/rollups.queue';

/** analytics-worker: recomputes rollups; serves only /health and /metrics over HTTP. */
@Module({})
export class WorkerAppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: WorkerAppModule,
      imports: [
        PlatformModule.forService({ name: 'analytics-worker', config, ...DATABASE }),
        WorkerModule.forQueue(ROLLUP_QUEUE, RollupJobHandlers),
      ],
    };
  }
}
