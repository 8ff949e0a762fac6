import { serviceMain } from '@kinora/common';
import { configSchema } from './config';
import { WorkerAppModule } from './worker.module';

serviceMain('analytics-worker', configSchema, (config) => WorkerAppModule.forRoot(config));
