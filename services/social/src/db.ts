import type { QueryDb } from '@kinora/common';
import type { DB } from './database.gen';

/** This service's typed query builder: every table and column as its migrations leave them. */
export type Db = QueryDb<DB>;
