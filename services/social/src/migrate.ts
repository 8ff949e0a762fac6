import { migrateMain } from '@kinora/common';
import { DATABASE } from './database';

migrateMain('social', DATABASE);
