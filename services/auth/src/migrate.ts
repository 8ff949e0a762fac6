import { migrateMain } from '@kinora/common';
import { DATABASE } from './database';

migrateMain('auth', DATABASE);
