import { serviceMain } from '@kinora/common';
import { AppModule } from './app.module';
import { configSchema } from './config';

serviceMain('ads', configSchema, (config) => AppModule.forRoot(config));
