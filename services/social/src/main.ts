import { serviceMain } from '@kinora/common';
import { AppModule } from './app.module';
import { configSchema } from './config';

serviceMain('social', configSchema, (config) => AppModule.forRoot(config));
