import { serviceMain } from '@kinora/common';
import { AppModule } from './app.module';
import { configSchema } from './config';

serviceMain('analytics', configSchema, (config) => AppModule.forRoot(config));
