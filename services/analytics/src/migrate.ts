import { migrateMain } from '@kinora/common';
import { DATABASE } from './database';

migrateMain('analytics', DATABASE);
