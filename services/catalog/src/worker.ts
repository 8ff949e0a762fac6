import { serviceMain } from '@kinora/common';
import { workerConfigSchema } from './media/media.config';
import { WorkerAppModule } from './worker.module';

serviceMain('catalog-worker', workerConfigSchema, (config) => WorkerAppModule.forRoot(config));
