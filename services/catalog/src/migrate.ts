import { migrateMain } from '@kinora/common';
import { DATABASE } from './database';

migrateMain('catalog', DATABASE);
