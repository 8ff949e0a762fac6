import type { QueryDb } from '@kinora/common';
import { sql } from 'kysely';
import type { DB } from './database.gen';

/** This service's typed query builder: every table and column as its migrations leave them. */
export type Db = QueryDb<DB>;

/** The database's clock, for columns set or compared to the time of the statement. */
export const now = () => sql<string>`now()`;
